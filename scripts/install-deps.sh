#!/usr/bin/env bash
# Installs what hls needs on a fresh Debian/Ubuntu machine: gcc/g++, make, Verilator, and the
# Python package with its dependencies (pycparser, islpy, OR-Tools, Jinja2, click) and test tools.
set -euo pipefail
PYTHON=${PYTHON:-python3}

need_apt=()
command -v gcc >/dev/null 2>&1 || need_apt+=(gcc)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
command -v make >/dev/null 2>&1 || need_apt+=(make)
command -v verilator >/dev/null 2>&1 || need_apt+=(verilator)
command -v iverilog >/dev/null 2>&1 || need_apt+=(iverilog)  # second simulator of the library tests
command -v ccache >/dev/null 2>&1 || need_apt+=(ccache)  # cosim compiles Verilator's runtime once, not per design
if ((${#need_apt[@]})); then
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
      echo "install-deps: need root (or sudo) to install: ${need_apt[*]}" >&2; exit 1
    fi
  fi
  echo "install-deps: installing ${need_apt[*]} with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

echo "install-deps: installing the hls package (editable) and its test tools with pip"
"$PYTHON" -m pip install -q --disable-pip-version-check -e '.[test]'
