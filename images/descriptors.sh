#!/usr/bin/env bash
# The shell's one reader of the server engines' descriptors, images/<engine>/engine.properties,
# read as plain key=value lines (the lab reads the same files as Java properties, the benches
# through bench/common/descriptors.py; EngineDescriptorsTest keeps them readable every way).
# Sourced by images/build and images/smoke (they set ROOT, IMAGES_DIR and a die function); run as
# a command by the Makefile and bin/launch, which cannot source bash:
#   images/descriptors.sh descriptor ENGINE KEY [DEFAULT] | engines | profiles ENGINE | versions ENGINE
#                         | base ENGINE VERSION | project_version

# The value of KEY in ENGINE's descriptor; without one, DEFAULT when given, else an error.
descriptor() {   # descriptor ENGINE KEY [DEFAULT]
  local file="$IMAGES_DIR/$1/engine.properties" v
  [[ -f "$file" ]] || die "images/$1 has no engine.properties"
  v="$(sed -n "s/^${2//./\\.}=//p" "$file" | tail -n 1)"
  v="${v%"${v##*[![:space:]]}"}"
  if [[ -z "$v" ]]; then
    (( $# >= 3 )) || die "images/$1/engine.properties has no '$2=' line"
    v="$3"
  fi
  printf '%s\n' "$v"
}

# NAME=VALUE for each key PREFIXNAME (env.extra.NAME=VALUE lines).
descriptor_prefixed() {   # descriptor_prefixed ENGINE PREFIX
  sed -n "s/^${2//./\\.}\([^=]*\)=\(.*[^[:space:]]\)[[:space:]]*$/\1=\2/p" "$IMAGES_DIR/$1/engine.properties"
}

# The engine's pinned versions, one a line, the default (versions=' first) first.
versions() {   # versions ENGINE
  local v
  for v in $(descriptor "$1" versions | tr ',' ' '); do printf '%s\n' "$v"; done
}

# The base image VERSION is built FROM, pinned by tag and digest: base.<version>.
base() {   # base ENGINE VERSION
  [[ " $(versions "$1" | paste -sd ' ' -) " == *" $2 "* ]] || die "images/$1/engine.properties pins no version $2 ($(versions "$1" | paste -sd ' ' -))"
  descriptor "$1" "base.$2"
}

# Every folder with a descriptor, in name order.
engines() {
  local f
  for f in "$IMAGES_DIR"/*/engine.properties; do [[ -f "$f" ]] && basename "$(dirname "$f")"; done
  return 0
}

# The engine's profiles: its files <profile>.<config.ext>, the descriptor aside.
profiles() {   # profiles ENGINE
  local ext f
  ext="$(descriptor "$1" config.ext)"
  for f in "$IMAGES_DIR/$1"/*."$ext"; do
    [[ -f "$f" && "${f##*/}" != engine.properties ]] && basename "$f" ".$ext"
  done
  return 0
}

# The runner's version: the Maven project's (the root pom's first <version>).
project_version() {
  local v
  v="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -n 1)"
  [[ -n "$v" ]] || die "no <version> in $ROOT/pom.xml"
  printf '%s\n' "$v"
}

# The engine's JDBC URL at HOST:PORT: its url pattern (%s host, %d port, %s database, in that
# order, so that printf reads it as the lab's String.format does).
jdbc_url() {   # jdbc_url ENGINE HOST PORT
  local pattern database
  pattern="$(descriptor "$1" url)"
  database="$(descriptor "$1" database)"
  # shellcheck disable=SC2059
  printf "$pattern\n" "$2" "$3" "$database"
}

# Run as a command: one function, its output on stdout; a bad call or descriptor exits 2.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  IMAGES_DIR="$ROOT/images"
  die() { printf 'descriptors: %s\n' "$*" >&2; exit 2; }
  case "${1:-}" in
    descriptor | descriptor_prefixed | engines | profiles | versions | base | project_version | jdbc_url) "$@" ;;
    *) die "usage: images/descriptors.sh descriptor|descriptor_prefixed|engines|profiles|versions|base|project_version|jdbc_url ARGS..." ;;
  esac
fi
