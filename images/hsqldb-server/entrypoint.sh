#!/usr/bin/env bash
# benchlab/hsqldb-server: runs the HSQLDB server on the file database /var/lib/hsqldb/bench, alias
# "bench", with the profile in /opt/hsqldb/profile.properties (server.* lines: server settings;
# hsqldb.* lines: database properties, appended to the database path).
#   HSQLDB_USER             the admin user made with a new database (default SA)
#   HSQLDB_PASSWORD_FILE    a file holding its password (or HSQLDB_PASSWORD; one is required)
#   JAVA_OPTS               added to the JVM options
# The server's properties, password included, are written to a 0600 file in the data directory.
# Arguments KEY=VALUE (lab run --db-set; settings.arg in engine.properties) are settings on top of
# the profile: hsqldb.* ones join the database path after the profile's, server.* ones the server's
# properties after the profile's (the later wins). Other arguments are passed to
# org.hsqldb.server.Server after --props.
set -euo pipefail

die() { printf 'hsqldb: error: %s\n' "$*" >&2; exit 1; }

profile=/opt/hsqldb/profile.properties
data=/var/lib/hsqldb
user="${HSQLDB_USER:-SA}"

if [[ -n "${HSQLDB_PASSWORD_FILE:-}" ]]; then
  [[ -z "${HSQLDB_PASSWORD:-}" ]] || die "both HSQLDB_PASSWORD and HSQLDB_PASSWORD_FILE are set (they are exclusive)"
  [[ -r "$HSQLDB_PASSWORD_FILE" ]] || die "HSQLDB_PASSWORD_FILE: cannot read $HSQLDB_PASSWORD_FILE"
  password="$(<"$HSQLDB_PASSWORD_FILE")"
elif [[ -n "${HSQLDB_PASSWORD:-}" ]]; then
  password="$HSQLDB_PASSWORD"
else
  die "set HSQLDB_PASSWORD_FILE (or HSQLDB_PASSWORD): the password of the database's admin user $user"
fi
unset HSQLDB_PASSWORD
# Both end up in a ;-separated database path: ; would split them.
[[ "$user" != *';'* && "$password" != *';'* ]] || die "HSQLDB_USER and the password must not contain ';'"
[[ -w "$data" ]] || die "$data is not writable by uid $(id -u)"

# The database path: file database, then the profile's hsqldb.* properties in file order.
db="file:$data/bench"
while IFS= read -r line; do
  line="${line%$'\r'}"
  [[ "$line" =~ ^hsqldb\.[A-Za-z0-9_.]+=.* ]] && db+=";$line"
done <"$profile"

# Settings given as arguments, after the profile's; the rest is the server's own arguments.
server_settings=()
server_args=()
for arg in "$@"; do
  if [[ "$arg" =~ ^hsqldb\.[A-Za-z0-9_.]+=.* ]]; then
    [[ "$arg" != *';'* ]] || die "a setting must not contain ';': $arg"
    db+=";$arg"
  elif [[ "$arg" =~ ^server\.[A-Za-z0-9_.]+=.* ]]; then
    [[ ! "$arg" =~ ^server\.(database|dbname)\. ]] || die "the database is the image's: $arg"
    server_settings+=("$arg")
  else
    server_args+=("$arg")
  fi
done

props="$data/server.properties"
(
  umask 077
  {
    echo "# Written by /opt/hsqldb/entrypoint.sh at every start from $profile; edits are lost."
    grep -E '^server\.' "$profile" | grep -vE '^server\.(database|dbname)\.'
    (( ${#server_settings[@]} == 0 )) || printf '%s\n' "${server_settings[@]}"
    echo "server.database.0=$db;user=$user;password=$password"
    echo "server.dbname.0=bench"
  } >"$props.tmp"
)
mv "$props.tmp" "$props"

# Heap: 75% of the container's memory limit; JAVA_OPTS come after, so they can override it.
# shellcheck disable=SC2086  # JAVA_OPTS is a list of options
exec java -XX:MaxRAMPercentage=75 ${JAVA_OPTS:-} -cp /opt/hsqldb/hsqldb.jar \
  org.hsqldb.server.Server --props "$props" "${server_args[@]}"
