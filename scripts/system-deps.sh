#!/usr/bin/env bash
# Installs the system packages the tests drive for real: Debian's Chromium headless shell
# (end-to-end tests, e2e/support/chromium-executable.ts), PostgreSQL (the provider's
# database-matrix tests) and PgBouncer (the provider behind a transaction-pooling proxy,
# scripts/pgbouncer.mjs). Does nothing when all are present.
set -euo pipefail
need=()
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/sbin/pgbouncer ] || command -v pgbouncer >/dev/null 2>&1 || need+=(pgbouncer)
[ ${#need[@]} -eq 0 ] && exit 0
echo "• installing system packages: ${need[*]}"
if [ "$(id -u)" -eq 0 ]; then sudo=(); elif command -v sudo >/dev/null; then sudo=(sudo); else
  echo "Need root (or sudo) to install: ${need[*]}. Install them with apt-get and run again." >&2; exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
