#!/usr/bin/env bash
# benchlab CI stand-in for the official influxdb:2.7 image's entrypoint (influxd built from
# source, no influx CLI). Same contract where kept, written for the stand-in: see the Dockerfile's
# header. The password and the token never reach the log, an argument list or influxd's
# environment: they are read into unexported variables and go to curl on stdin.
set -euo pipefail

declare -r CONFIG_VOLUME=/etc/influxdb2
declare -r DEFAULT_CONFIG=/etc/defaults/influxdb2/config.yml
declare -r INIT_SCRIPTS=/docker-entrypoint-initdb.d
INIT_PORT="${INFLUXD_INIT_PORT:-9999}"
PING_ATTEMPTS="${INFLUXD_INIT_PING_ATTEMPTS:-600}"
INIT_URL="http://127.0.0.1:$INIT_PORT"
TEMP_PID=""

# influxd's own log format (logfmt, on stderr as the official entrypoint's), one log to read.
log() {   # log LEVEL MESSAGE
  printf 'ts=%s lvl=%s msg="%s" system=docker\n' "$(date --utc +%FT%T.%6NZ)" "$1" "$2" >&2
}
die() { log error "$*"; exit 1; }

# As root: influxd runs as influxdb (uid/gid 1000), as in the official image (gosu there).
# Started as another user (a pod's runAsUser): as that user. env, setpriv and influxd each exec
# the next, so the pid started is influxd's.
RUN_AS=()
if (( EUID == 0 )); then
  RUN_AS=(env HOME=/home/influxdb setpriv --reuid=influxdb --regid=influxdb --init-groups)
fi

# As the official image: $INFLUXD_CONFIG_PATH, else a config.{json,toml,yaml,yml} in the config
# volume, else the image's default (which names the data paths under /var/lib/influxdb2).
set_config_path() {
  local name
  if [[ -z "${INFLUXD_CONFIG_PATH:-}" ]]; then
    INFLUXD_CONFIG_PATH="$DEFAULT_CONFIG"
    for name in config.json config.toml config.yaml config.yml; do
      if [[ -f "$CONFIG_VOLUME/$name" ]]; then INFLUXD_CONFIG_PATH="$CONFIG_VOLUME/$name"; break; fi
    done
  fi
  export INFLUXD_CONFIG_PATH
}

# A setting as influxd resolves it (flags, then INFLUXD_* variables, then the config file): from
# influxd itself (print-config), where the official image has its own table and dasel.
config_get() {   # config_get KEY [INFLUXD ARGS...]
  local key="$1"; shift
  influxd print-config --key-name "$key" "$@" 2>/dev/null || true
}

want_help() {
  local arg
  for arg; do
    case "$arg" in -h|--help) return 0 ;; esac
  done
  return 1
}

create_directories() {
  local bolt_dir
  bolt_dir="$(dirname "$BOLT_PATH")"
  mkdir -p "$bolt_dir" "$ENGINE_PATH" "$CONFIG_VOLUME" \
    || die "cannot create $bolt_dir, $ENGINE_PATH or $CONFIG_VOLUME as uid $EUID"
  # Not the owner (a volume owned by root with a pod's fsGroup): the modes stay as they are.
  chmod 700 "$bolt_dir" "$ENGINE_PATH" 2>/dev/null || true
  chmod 775 "$CONFIG_VOLUME" 2>/dev/null || true
  if (( EUID == 0 )); then
    find "$bolt_dir" "$ENGINE_PATH" "$CONFIG_VOLUME" \! -user influxdb -exec chown influxdb:influxdb '{}' +
  fi
}

# VAR from $VAR or from the file named by $VAR_FILE (not both), into an unexported variable:
# neither stays in the environment of the servers this script starts.
file_env() {
  local var="$1" file_var="${1}_FILE" val=""
  if [[ -n "${!var:-}" && -n "${!file_var:-}" ]]; then
    die "both $var and $file_var are set (they are exclusive)"
  fi
  if [[ -n "${!file_var:-}" ]]; then
    [[ -r "${!file_var}" ]] || die "$file_var: cannot read ${!file_var} as uid $EUID"
    val="$(<"${!file_var}")"
  else
    val="${!var:-}"
  fi
  unset "$var" "$file_var"
  printf -v "$var" '%s' "$val"
}

# DOCKER_INFLUXDB_INIT_RETENTION as the influx CLI takes it (1w, 30d, 72h, 1h30m; empty or 0:
# forever), in seconds for POST /api/v2/setup.
retention_seconds() {
  local r="$1" total=0 n
  if [[ -z "$r" || "$r" =~ ^0+$ ]]; then echo 0; return 0; fi
  [[ "$r" =~ ^([0-9]+[smhdw])+$ ]] || return 1
  while [[ "$r" =~ ^([0-9]+)([smhdw])(.*)$ ]]; do
    n=$((10#${BASH_REMATCH[1]}))
    case "${BASH_REMATCH[2]}" in
      m) n=$((n * 60)) ;; h) n=$((n * 3600)) ;; d) n=$((n * 86400)) ;; w) n=$((n * 604800)) ;;
    esac
    total=$((total + n))
    r="${BASH_REMATCH[3]}"
  done
  echo "$total"
}

# A JSON string literal (the values were checked for other control characters).
json_string() {
  local s="$1"
  s="${s//\\/\\\\}"; s="${s//\"/\\\"}"; s="${s//$'\t'/\\t}"
  printf '"%s"' "$s"
}

check_init_vars() {
  local var missing=()
  for var in DOCKER_INFLUXDB_INIT_USERNAME DOCKER_INFLUXDB_INIT_PASSWORD DOCKER_INFLUXDB_INIT_ORG DOCKER_INFLUXDB_INIT_BUCKET; do
    [[ -n "${!var}" ]] || missing+=("$var")
  done
  (( ${#missing[@]} == 0 )) || die "missing parameter, cannot init InfluxDB: ${missing[*]}"
  for var in DOCKER_INFLUXDB_INIT_USERNAME DOCKER_INFLUXDB_INIT_PASSWORD DOCKER_INFLUXDB_INIT_ORG \
             DOCKER_INFLUXDB_INIT_BUCKET DOCKER_INFLUXDB_INIT_ADMIN_TOKEN; do
    # Tabs are escaped; any other control character (a CR from a file written on Windows, say)
    # is refused rather than sent: the value itself is never printed.
    [[ "${!var//$'\t'/}" != *[[:cntrl:]]* ]] || die "$var contains a control character (the value is not shown)"
  done
  RETENTION_SECONDS="$(retention_seconds "${DOCKER_INFLUXDB_INIT_RETENTION:-}")" \
    || die "DOCKER_INFLUXDB_INIT_RETENTION=${DOCKER_INFLUXDB_INIT_RETENTION}: not a duration such as 1w, 30d, 72h or 1h30m"
}

temp_server_stop() {
  [[ -n "$TEMP_PID" ]] || return 0
  kill -TERM "$TEMP_PID" 2>/dev/null || true
  wait "$TEMP_PID" 2>/dev/null || true
  TEMP_PID=""
}

# On any exit before the setup is done (an error, SIGTERM): no bolt file may stay behind, or the
# next start would take the half-made database for a set-up one.
init_failed() {
  temp_server_stop
  log warn "cleaning bolt and engine files to prevent conflicts on retry"
  rm -rf "$BOLT_PATH" "${ENGINE_PATH:?}"/*
}

# POST /api/v2/setup: the body (password, token) on curl's stdin; the answer (it holds the token)
# only in a variable, and on failure printed with the password and the token blanked out.
setup_request() {
  local body resp code msg
  body="{\"username\":$(json_string "$DOCKER_INFLUXDB_INIT_USERNAME"),\"password\":$(json_string "$DOCKER_INFLUXDB_INIT_PASSWORD")"
  body+=",\"org\":$(json_string "$DOCKER_INFLUXDB_INIT_ORG"),\"bucket\":$(json_string "$DOCKER_INFLUXDB_INIT_BUCKET")"
  body+=",\"retentionPeriodSeconds\":$RETENTION_SECONDS"
  if [[ -n "$DOCKER_INFLUXDB_INIT_ADMIN_TOKEN" ]]; then
    body+=",\"token\":$(json_string "$DOCKER_INFLUXDB_INIT_ADMIN_TOKEN")"
  fi
  body+="}"
  resp="$(printf '%s' "$body" | curl -s --max-time 30 -w '\n%{http_code}' -X POST \
            -H 'Content-Type: application/json' --data-binary @- "$INIT_URL/api/v2/setup")" || true
  code="${resp##*$'\n'}"
  if [[ "$code" != 201 ]]; then
    msg="${resp%$'\n'*}"
    msg="${msg//"$DOCKER_INFLUXDB_INIT_PASSWORD"/<password>}"
    [[ -z "$DOCKER_INFLUXDB_INIT_ADMIN_TOKEN" ]] || msg="${msg//"$DOCKER_INFLUXDB_INIT_ADMIN_TOKEN"/<token>}"
    msg="$(tr -s ' \t\n' ' ' <<<"$msg")"   # influxd's JSON on one log line
    die "POST /api/v2/setup answered ${code:-nothing}: ${msg:0:300}"
  fi
}

# First start: the caller's flags, but HTTP only on 127.0.0.1:$INFLUXD_INIT_PORT and without TLS
# (later flags win), so that nothing answers on :8086 until the setup is done.
init_influxd() {
  local i
  case "$DOCKER_INFLUXDB_INIT_MODE" in
    setup) ;;
    upgrade) die "DOCKER_INFLUXDB_INIT_MODE=upgrade is not supported by this stand-in (no 1.x upgrade here)" ;;
    *) die "found invalid DOCKER_INFLUXDB_INIT_MODE=$DOCKER_INFLUXDB_INIT_MODE, valid values are 'setup' and 'upgrade'" ;;
  esac
  file_env DOCKER_INFLUXDB_INIT_USERNAME
  file_env DOCKER_INFLUXDB_INIT_PASSWORD
  file_env DOCKER_INFLUXDB_INIT_ADMIN_TOKEN
  : "${DOCKER_INFLUXDB_INIT_ORG:=}" "${DOCKER_INFLUXDB_INIT_BUCKET:=}"
  check_init_vars
  if [[ -d "$INIT_SCRIPTS" ]] && [[ -n "$(ls -A "$INIT_SCRIPTS" 2>/dev/null)" ]]; then
    log warn "ignoring $INIT_SCRIPTS: this stand-in runs no init scripts (it has no influx CLI)"
  fi
  trap init_failed EXIT
  trap 'exit 143' TERM
  trap 'exit 130' INT
  log info "booting influxd server in the background (setup on $INIT_URL only)"
  "${RUN_AS[@]}" influxd "$@" --http-bind-address="127.0.0.1:$INIT_PORT" --tls-cert= --tls-key= &
  TEMP_PID=$!
  for ((i = 0; i < PING_ATTEMPTS * 5; i++)); do
    if curl -sf --max-time 2 -o /dev/null "$INIT_URL/health"; then break; fi
    kill -0 "$TEMP_PID" 2>/dev/null || { TEMP_PID=""; die "influxd crashed during startup"; }
    sleep 0.2
  done
  (( i < PING_ATTEMPTS * 5 )) || die "influxd took too long to start up (${PING_ATTEMPTS}s)"
  log info "setting up user $DOCKER_INFLUXDB_INIT_USERNAME, org $DOCKER_INFLUXDB_INIT_ORG, bucket $DOCKER_INFLUXDB_INIT_BUCKET (retention ${RETENTION_SECONDS}s, 0: forever), admin token $([[ -n "$DOCKER_INFLUXDB_INIT_ADMIN_TOKEN" ]] && echo given || echo generated)"
  setup_request
  log info "initialization complete, shutting down background influxd"
  temp_server_stop
  trap - EXIT TERM INT
  unset DOCKER_INFLUXDB_INIT_PASSWORD DOCKER_INFLUXDB_INIT_ADMIN_TOKEN
}

main() {
  set_config_path
  # As the official image: influxd's server for no arguments, `run`, flags, or `influxd` with
  # those; anything else (a shell, `influxd version`, `influxd inspect ...`) runs as given.
  local run_influxd=false
  if [[ $# == 0 || "$1" == run || "$1" == -* ]]; then
    run_influxd=true
  elif [[ "$1" == influxd ]] && [[ $# == 1 || "$2" == run || "$2" == -* ]]; then
    run_influxd=true
    shift
  fi
  $run_influxd || exec "$@"
  if [[ "${1:-}" == run ]]; then shift; fi

  if ! want_help "$@"; then
    BOLT_PATH="$(config_get bolt-path "$@")"
    ENGINE_PATH="$(config_get engine-path "$@")"
    [[ -n "$BOLT_PATH" && -n "$ENGINE_PATH" ]] \
      || die "cannot tell bolt-path and engine-path (influxd print-config failed: check the flags and $INFLUXD_CONFIG_PATH)"
    create_directories
    if [[ -f "$BOLT_PATH" ]]; then
      log info "found existing boltdb file, skipping setup wrapper (bolt_path $BOLT_PATH)"
    elif [[ -z "${DOCKER_INFLUXDB_INIT_MODE:-}" ]]; then
      log warn "boltdb not found at configured path, but DOCKER_INFLUXDB_INIT_MODE not specified, skipping setup wrapper (bolt_path $BOLT_PATH)"
    else
      init_influxd "$@"
    fi
  fi
  exec "${RUN_AS[@]}" influxd "$@"
}

main "$@"
