# shellcheck shell=bash
# The helpers every .ci script shares. A script sets CI_NAME (the prefix of its lines on stderr)
# and then sources this file:
#
#   CI_NAME=kube
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

: "${CI_NAME:?set CI_NAME before sourcing .ci/lib.sh}"

log() { printf '%s: %s\n' "$CI_NAME" "$*" >&2; }
die() { printf '%s: error: %s\n' "$CI_NAME" "$*" >&2; exit 1; }

now_us() { local t="${EPOCHREALTIME/[.,]/}"; echo "$t"; }
timing() {   # timing LABEL START_US: how long since START_US, on stderr
  local ms=$(( ($(now_us) - $2) / 1000 ))
  printf '%s: %-34s %d.%03ds\n' "$CI_NAME" "$1" $((ms / 1000)) $((ms % 1000)) >&2
}

# What every Go build of the CI's servers passes: no paths of this machine in the binaries, and no
# DWARF from the compiler (the binaries are stripped anyway): 13% less CPU for the same CoreDNS
# build here, with an empty build cache (151.7 s against 174.4 s).
GO_BUILD_FLAGS=(-trimpath -gcflags=all=-dwarf=false)

installed() { [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]; }

# install_missing [--no-recommends] LOG PACKAGE...: apt-get installs those of PACKAGE that dpkg
# lacks, its output in LOG. No package's maintainer script may start a service of the
# distribution's own (PostgreSQL on 5432, etcd on 2379: the CI's servers run on ports of their
# own, as processes), so a policy-rc.d refuses them while it installs. .ci/run's steps may install
# at the same time: one install at a time holds a lock from before that policy to after it, so
# that no install removes it under another, and asks dpkg again once it holds the lock.
install_missing() {
  local opts=() log_file p missing=() policy=/usr/sbin/policy-rc.d
  if [[ "${1:-}" == --no-recommends ]]; then opts+=(--no-install-recommends); shift; fi
  log_file="$1"; shift
  command -v dpkg-query >/dev/null || die "not a Debian system (no dpkg-query); install $* yourself"
  for p in "$@"; do installed "$p" || missing+=("$p"); done
  (( ${#missing[@]} )) || return 0
  (( EUID == 0 )) || die "missing packages: ${missing[*]} (run as root, or install them)"
  (
    flock 9
    missing=()
    for p in "$@"; do installed "$p" || missing+=("$p"); done
    (( ${#missing[@]} )) || exit 0
    log "installing ${missing[*]} (log: $log_file)"
    if [[ ! -e "$policy" ]]; then   # one the machine has is its owner's, and stays
      trap 'rm -f "$policy"' EXIT
      trap 'exit 143' TERM INT
      printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod 755 "$policy"
    fi
    rc=0
    {
      apt-get -o DPkg::Lock::Timeout=600 update -qq || log "apt-get update reported errors; trying the install anyway"
      DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${opts[@]}" "${missing[@]}"
    } >"$log_file" 2>&1 || rc=$?
    if (( rc != 0 )); then tail -n 20 "$log_file" >&2; die "apt-get install failed (exit $rc); see $log_file"; fi
  ) 9>/var/lock/benchlab-install.lock || exit $?
}
