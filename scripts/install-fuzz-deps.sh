#!/usr/bin/env bash
# Installs what the differential fuzzer (`make fuzz`) needs beyond scripts/install-deps.sh: the
# test-case reducer, C-Vise from Debian's packages (C-Reduce when C-Vise is not available), and
# ccache, which the fuzzer hands to Verilator's build (OBJCACHE) so the Verilator runtime is not
# recompiled for every kernel. gcc with UBSan/ASan, Verilator and hls come from install-deps.sh.
set -euo pipefail

if { command -v cvise >/dev/null 2>&1 || command -v creduce >/dev/null 2>&1; } && command -v ccache >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "install-fuzz-deps: need root (or sudo) to install cvise" >&2; exit 1
  fi
fi
echo "install-fuzz-deps: installing cvise and ccache with apt-get"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ccache >/dev/null
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq cvise >/dev/null; then
  echo "install-fuzz-deps: cvise not available, installing creduce"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq creduce >/dev/null
fi
command -v cvise >/dev/null 2>&1 || command -v creduce >/dev/null 2>&1
