#!/bin/sh
# Serve the tutorial site with Voila: our template (no CDN, local icon font), preheated kernels
# for every chapter, and idle kernels of closed tabs shut down.
#
#   site/serve.sh [PORT] [NOTEBOOK_DIR] [more voila options...]
#
# It listens on 127.0.0.1 only, unless CALYPSO_HOST names another address (for a classroom
# network, say CALYPSO_HOST=0.0.0.0).
#
# make serve, the browser tests and the benchmarks all start the site through this script.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
port=${1:-8866}
notebooks=${2:-$here/../notebooks}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
export JUPYTER_PATH="$here${JUPYTER_PATH:+:$JUPYTER_PATH}"
exec voila "$notebooks" \
    --no-browser \
    --Voila.ip="${CALYPSO_HOST:-127.0.0.1}" \
    --port="$port" \
    --Voila.port_retries=0 \
    --template=calypso \
    --theme=light \
    --preheat_kernel=True \
    --pool_size=1 \
    --MappingKernelManager.cull_idle_timeout="${CALYPSO_CULL_IDLE_TIMEOUT:-900}" \
    --MappingKernelManager.cull_interval="${CALYPSO_CULL_INTERVAL:-60}" \
    "$@"
