#!/usr/bin/env bash
# benchlab CI stand-in for the official postgres image's entrypoint (Debian PostgreSQL 15).
# Same contract, written for the stand-in: see the Dockerfile's header.
set -Eeuo pipefail

note()  { printf '%s [entrypoint] %s\n' "$(date --rfc-3339=seconds)" "$*"; }
error() { printf '%s [entrypoint] error: %s\n' "$(date --rfc-3339=seconds)" "$*" >&2; exit 1; }
trap 'error "failed (exit $?) at line $LINENO: $BASH_COMMAND"' ERR

# VAR from $VAR or from the file named by $VAR_FILE (not both); DEFAULT otherwise.
file_env() {
  local var="$1" file_var="${1}_FILE" def="${2:-}" val
  if [[ -n "${!var:-}" && -n "${!file_var:-}" ]]; then
    error "both $var and $file_var are set (they are exclusive)"
  fi
  val="$def"
  if [[ -n "${!var:-}" ]]; then
    val="${!var}"
  elif [[ -n "${!file_var:-}" ]]; then
    [[ -r "${!file_var}" ]] || error "$file_var: cannot read ${!file_var}"
    val="$(<"${!file_var}")"
  fi
  export "$var"="$val"
  unset "$file_var"
}

# Help and version requests go straight to the server, no initialisation.
want_help() {
  local arg
  for arg; do
    case "$arg" in -'?'|--help|--describe-config|-V|--version) return 0 ;; esac
  done
  return 1
}

setup_env() {
  file_env POSTGRES_PASSWORD
  file_env POSTGRES_USER postgres
  file_env POSTGRES_DB "$POSTGRES_USER"
  file_env POSTGRES_INITDB_ARGS
  : "${POSTGRES_HOST_AUTH_METHOD:=}"
  DATABASE_ALREADY_EXISTS=""
  [[ -s "$PGDATA/PG_VERSION" ]] && DATABASE_ALREADY_EXISTS=true
  return 0
}

create_directories() {
  mkdir -p "$PGDATA"
  chmod 00700 "$PGDATA" 2>/dev/null || true
  mkdir -p /var/run/postgresql && chmod 03775 /var/run/postgresql 2>/dev/null || true
  if [[ "$(id -u)" == 0 ]]; then
    find "$PGDATA" \! -user postgres -exec chown postgres: '{}' +
    find /var/run/postgresql \! -user postgres -exec chown postgres: '{}' +
  fi
}

verify_minimum_env() {
  if [[ -z "$POSTGRES_PASSWORD" && "$POSTGRES_HOST_AUTH_METHOD" != trust ]]; then
    error "Database is uninitialized and superuser password is not specified.
       Set POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE) to a non-empty value for the
       superuser, or POSTGRES_HOST_AUTH_METHOD=trust to allow all connections without one."
  fi
}

init_database_dir() {
  note "initdb: $(postgres --version), the Debian package"
  # shellcheck disable=SC2086  # POSTGRES_INITDB_ARGS is a list of options
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
      $POSTGRES_INITDB_ARGS
}

setup_hba() {
  local method="$POSTGRES_HOST_AUTH_METHOD"
  if [[ -z "$method" ]]; then
    method="$(postgres -C password_encryption "$@" 2>/dev/null || echo scram-sha-256)"
  fi
  printf '\nhost all all all %s\n' "$method" >>"$PGDATA/pg_hba.conf"
}

# The temporary server: the caller's options (e.g. config_file), but no TCP listener.
temp_server_start() {
  local opts
  opts="$(printf '%q ' "$@")"
  PGUSER="$POSTGRES_USER" pg_ctl -D "$PGDATA" -o "$opts -c listen_addresses='' -p 5432" -w start
}

temp_server_stop() {
  PGUSER="$POSTGRES_USER" pg_ctl -D "$PGDATA" -m fast -w stop
}

psql_admin() {   # psql_admin [--dbname DB] [psql args...]
  PGHOST='' PGHOSTADDR='' PGPASSWORD='' psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" \
    --no-password --no-psqlrc "$@"
}

setup_db() {
  local exists
  exists="$(psql_admin --dbname postgres -tA --set db="$POSTGRES_DB" \
              <<<"SELECT 1 FROM pg_database WHERE datname = :'db' ;")"
  if [[ -z "$exists" ]]; then
    psql_admin --dbname postgres -q --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db" ;'
    note "database $POSTGRES_DB created"
  fi
}

process_init_files() {
  local f
  # shellcheck disable=SC1090  # *.sh that are not executable are sourced, as in the official image
  for f in /docker-entrypoint-initdb.d/*; do
    [[ -e "$f" ]] || continue
    case "$f" in
      *.sh)
        if [[ -x "$f" ]]; then note "running $f"; "$f"; else note "sourcing $f"; . "$f"; fi ;;
      *.sql)    note "running $f"; psql_admin --dbname "$POSTGRES_DB" -f "$f" ;;
      *.sql.gz) note "running $f"; gunzip -c "$f" | psql_admin --dbname "$POSTGRES_DB" ;;
      *)        note "ignoring $f" ;;
    esac
  done
}

main() {
  if [[ "${1:-}" == -* ]]; then set -- postgres "$@"; fi
  if [[ "${1:-}" == postgres ]] && ! want_help "$@"; then
    setup_env
    create_directories
    if [[ "$(id -u)" == 0 ]]; then
      # As the official image: root only prepares the directories, the server runs as postgres.
      exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
    fi
    if [[ -z "$DATABASE_ALREADY_EXISTS" ]]; then
      verify_minimum_env
      init_database_dir
      setup_hba "${@:2}"
      export PGPASSWORD="$POSTGRES_PASSWORD"
      temp_server_start "${@:2}"
      setup_db
      process_init_files
      temp_server_stop
      unset PGPASSWORD
      note "PostgreSQL init process complete; ready for start up."
    else
      note "PostgreSQL Database directory appears to contain a database; Skipping initialization"
    fi
  fi
  exec "$@"
}

main "$@"
