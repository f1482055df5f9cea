#!/usr/bin/env bash
# Installs the test-case reducer of the differential fuzzer (`make fuzz`): C-Vise from Debian's
# packages, or C-Reduce when C-Vise is not available. Everything else the fuzzer needs (gcc with
# UBSan/ASan, Verilator, hls) comes from scripts/install-deps.sh.
set -euo pipefail

if command -v cvise >/dev/null 2>&1 || command -v creduce >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "install-fuzz-deps: need root (or sudo) to install cvise" >&2; exit 1
  fi
fi
echo "install-fuzz-deps: installing cvise with apt-get"
$SUDO apt-get update -qq
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq cvise >/dev/null; then
  echo "install-fuzz-deps: cvise not available, installing creduce"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq creduce >/dev/null
fi
command -v cvise >/dev/null 2>&1 || command -v creduce >/dev/null 2>&1
