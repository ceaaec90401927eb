#!/usr/bin/env bash
# benchlab CI stand-in for the official mariadb image's entrypoint (Debian MariaDB 10.11).
# Same contract, written for the stand-in: see the Dockerfile's header.
set -Eeuo pipefail

note()  { printf '%s [Note] [Entrypoint]: %s\n' "$(date --rfc-3339=seconds)" "$*"; }
warn()  { printf '%s [Warn] [Entrypoint]: %s\n' "$(date --rfc-3339=seconds)" "$*" >&2; }
error() { printf '%s [ERROR] [Entrypoint]: %s\n' "$(date --rfc-3339=seconds)" "$*" >&2; exit 1; }
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

# MARIADB_X, with MYSQL_X (and their _FILE variants) as the alias it falls back to.
mariadb_file_env() {
  local name="$1" def="${2:-}" mysql_var="MYSQL_$1"
  file_env "$mysql_var" "$def"
  file_env "MARIADB_$name" "${!mysql_var}"
}

want_help() {
  local arg
  for arg; do
    case "$arg" in -'?'|--help|--print-defaults|-V|--version) return 0 ;; esac
  done
  return 1
}

# A setting as the server would see it with these arguments (e.g. datadir, socket).
get_config() {   # get_config NAME SERVER [ARGS...]
  local conf="$1"; shift
  "$@" --verbose --help 2>/dev/null \
    | awk -v conf="$conf" '$1 == conf && /^[^ \t]/ { sub(/^[^ \t]+[ \t]+/, ""); print; exit }'
}

check_config() {
  local out
  if ! out="$("$@" --verbose --help 2>&1 >/dev/null)"; then
    error "mariadbd failed while checking its configuration: $out"
  fi
}

setup_env() {
  DATADIR="$(get_config datadir "$@")"; DATADIR="${DATADIR%/}"
  SOCKET="$(get_config socket "$@")"
  mariadb_file_env ROOT_HOST '%'
  mariadb_file_env DATABASE
  mariadb_file_env USER
  mariadb_file_env PASSWORD
  mariadb_file_env ROOT_PASSWORD
  mariadb_file_env ALLOW_EMPTY_ROOT_PASSWORD
  mariadb_file_env RANDOM_ROOT_PASSWORD
  mariadb_file_env INITDB_SKIP_TZINFO
  DATABASE_ALREADY_EXISTS=""
  [[ -d "$DATADIR/mysql" ]] && DATABASE_ALREADY_EXISTS=true
  return 0
}

create_directories() {
  mkdir -p "$DATADIR"
  if [[ "$(id -u)" == 0 ]]; then
    find "$DATADIR" \! -user mysql -exec chown mysql: '{}' +
    [[ -z "$SOCKET" ]] || find "${SOCKET%/*}" -maxdepth 0 \! -user mysql -exec chown mysql: '{}' \;
  fi
}

verify_minimum_env() {
  if [[ -z "$MARIADB_ROOT_PASSWORD" && -z "$MARIADB_ALLOW_EMPTY_ROOT_PASSWORD" && -z "$MARIADB_RANDOM_ROOT_PASSWORD" ]]; then
    error "Database is uninitialized and password option is not specified
	You need to specify one of MARIADB_ROOT_PASSWORD, MARIADB_ROOT_PASSWORD_FILE,
	MARIADB_ALLOW_EMPTY_ROOT_PASSWORD or MARIADB_RANDOM_ROOT_PASSWORD"
  fi
  if [[ -n "$MARIADB_USER" && "$MARIADB_USER" == root ]]; then
    error "MARIADB_USER=root: root is already created; use MARIADB_ROOT_PASSWORD for its password"
  fi
  if [[ -n "$MARIADB_USER" && -z "$MARIADB_PASSWORD" ]]; then
    warn "MARIADB_USER is set but MARIADB_PASSWORD is empty: the user has no password"
  fi
}

# A string for a single-quoted SQL literal.
sql_escape() {
  local s="${1//\\/\\\\}"
  s="${s//$'\n'/\\n}"
  printf '%s' "${s//\'/\\\'}"
}

# SQL as root over the socket; after the root password is set, with it (in a 0600 file).
CLIENT_CNF=""
process_sql() {   # process_sql [--database=DB] < SQL
  local args=(--no-defaults --protocol=socket --socket="$SOCKET" -uroot)
  if [[ -n "$CLIENT_CNF" ]]; then args=(--defaults-extra-file="$CLIENT_CNF" --protocol=socket --socket="$SOCKET" -uroot); fi
  mariadb "${args[@]}" --comments "$@"
}

temp_server_start() {
  "$@" --skip-networking --default-time-zone=SYSTEM --socket="$SOCKET" --wsrep_on=OFF \
       --expire-logs-days=0 --skip-slave-start --loose-innodb_buffer_pool_load_at_startup=0 &
  TEMP_PID=$!
  note "Waiting for server startup"
  local i
  for ((i = 30; i > 0; i--)); do
    if process_sql --database=mysql <<<'SELECT 1' >/dev/null 2>&1; then break; fi
    kill -0 "$TEMP_PID" 2>/dev/null || error "the temporary server exited during start-up"
    sleep 1
  done
  (( i > 0 )) || error "Unable to start server."
  note "Temporary server started."
}

temp_server_stop() {
  kill -TERM "$TEMP_PID"
  wait "$TEMP_PID" || error "the temporary server did not shut down cleanly"
  note "Temporary server stopped"
}

setup_db() {
  local root_pw="" tz="" user_sql="" db_sql="" root_host_sql=""
  if [[ -z "$MARIADB_INITDB_SKIP_TZINFO" && -d /usr/share/zoneinfo ]]; then
    tz="$(mariadb-tzinfo-to-sql --skip-write-binlog /usr/share/zoneinfo 2>/dev/null || true)"
  fi
  if [[ -n "$MARIADB_RANDOM_ROOT_PASSWORD" ]]; then
    MARIADB_ROOT_PASSWORD="$(set +o pipefail; tr -dc 'A-Za-z0-9:;<>()[]{}.,_+=-' </dev/urandom | head -c 32)"
    export MARIADB_ROOT_PASSWORD
    note "GENERATED ROOT PASSWORD: $MARIADB_ROOT_PASSWORD"
  fi
  root_pw="$(sql_escape "$MARIADB_ROOT_PASSWORD")"
  if [[ -n "$MARIADB_ROOT_HOST" && "$MARIADB_ROOT_HOST" != localhost ]]; then
    root_host_sql="CREATE USER 'root'@'$(sql_escape "$MARIADB_ROOT_HOST")' IDENTIFIED BY '$root_pw';
GRANT ALL ON *.* TO 'root'@'$(sql_escape "$MARIADB_ROOT_HOST")' WITH GRANT OPTION;
GRANT PROXY ON ''@'%' TO 'root'@'$(sql_escape "$MARIADB_ROOT_HOST")' WITH GRANT OPTION;"
  fi
  if [[ -n "$MARIADB_DATABASE" ]]; then
    note "Creating database ${MARIADB_DATABASE}"
    db_sql="CREATE DATABASE IF NOT EXISTS \`${MARIADB_DATABASE//\`/\`\`}\`;"
  fi
  if [[ -n "$MARIADB_USER" ]]; then
    note "Creating user ${MARIADB_USER}"
    user_sql="CREATE USER '$(sql_escape "$MARIADB_USER")'@'%' IDENTIFIED BY '$(sql_escape "$MARIADB_PASSWORD")';"
    if [[ -n "$MARIADB_DATABASE" ]]; then
      note "Giving user ${MARIADB_USER} access to schema ${MARIADB_DATABASE}"
      user_sql+="
GRANT ALL ON \`${MARIADB_DATABASE//\`/\`\`}\`.* TO '$(sql_escape "$MARIADB_USER")'@'%';"
    fi
  fi
  note "Securing system users (equivalent to running mysql_secure_installation)"
  process_sql --database=mysql --binary-mode <<EOSQL
SET @@SESSION.SQL_LOG_BIN=0;
SET @@SESSION.SQL_MODE=REPLACE(@@SESSION.SQL_MODE, 'NO_BACKSLASH_ESCAPES', '');
$tz
DROP USER IF EXISTS root@'127.0.0.1', root@'::1';
EXECUTE IMMEDIATE CONCAT('DROP USER IF EXISTS root@\'', @@hostname, '\'');
SET PASSWORD FOR 'root'@'localhost' = PASSWORD('$root_pw');
$root_host_sql
$db_sql
$user_sql
EOSQL
  # From here on root has its password.
  CLIENT_CNF="$(mktemp -d)/client.cnf"
  (umask 077; printf '[client]\npassword="%s"\n' "${MARIADB_ROOT_PASSWORD//\\/\\\\}" >"$CLIENT_CNF")
}

process_init_files() {
  local f db_args=()
  [[ -n "$MARIADB_DATABASE" ]] && db_args=(--database="$MARIADB_DATABASE")
  # shellcheck disable=SC1090  # *.sh that are not executable are sourced, as in the official image
  for f in /docker-entrypoint-initdb.d/*; do
    [[ -e "$f" ]] || continue
    case "$f" in
      *.sh)
        if [[ -x "$f" ]]; then note "$0: running $f"; "$f"; else note "$0: sourcing $f"; . "$f"; fi ;;
      *.sql)     note "$0: running $f"; process_sql "${db_args[@]}" <"$f" ;;
      *.sql.gz)  note "$0: running $f"; gunzip -c "$f" | process_sql "${db_args[@]}" ;;
      *.sql.xz)  note "$0: running $f"; xzcat "$f" | process_sql "${db_args[@]}" ;;
      *.sql.zst) note "$0: running $f"; zstd -dc "$f" | process_sql "${db_args[@]}" ;;
      *)         note "$0: ignoring $f" ;;
    esac
  done
}

init_database_dir() {
  note "Initializing database files (MariaDB $(mariadbd --version | sed -n 's/.*Ver \([^ ]*\).*/\1/p'), Debian package)"
  mariadb-install-db --datadir="$DATADIR" --rpm --auth-root-authentication-method=normal \
      --skip-test-db --default-time-zone=SYSTEM --enforce-storage-engine= --skip-log-bin \
      --expire-logs-days=0 --loose-innodb_buffer_pool_load_at_startup=0 \
      --loose-innodb_buffer_pool_dump_at_shutdown=0 "${@:2}" >/dev/null
  note "Database files initialized"
}

main() {
  if [[ "${1:-}" == -* ]]; then set -- mariadbd "$@"; fi
  if [[ "${1:-}" == mariadbd || "${1:-}" == mysqld ]] && ! want_help "$@"; then
    note "Entrypoint script for MariaDB Server (benchlab stand-in, Debian package) started."
    check_config "$@"
    setup_env "$@"
    create_directories
    if [[ "$(id -u)" == 0 ]]; then
      note "Switching to dedicated user 'mysql'"
      exec setpriv --reuid=mysql --regid=mysql --init-groups "${BASH_SOURCE[0]}" "$@"
    fi
    if [[ -z "$DATABASE_ALREADY_EXISTS" ]]; then
      verify_minimum_env
      init_database_dir "$@"
      note "Starting temporary server"
      temp_server_start "$@"
      setup_db
      process_init_files
      note "Stopping temporary server"
      temp_server_stop
      rm -rf "${CLIENT_CNF%/*}"
      note "MariaDB init process done. Ready for start up."
    fi
  fi
  exec "$@"
}

main "$@"
