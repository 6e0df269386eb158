# Sourced by scripts that run `dogear serve` for a check: `free_port` prints an unused local port;
# `serve_dogear PORT DATA LOG [NAME=VALUE ...]` starts the server offline, without background
# enrichment, on that port and data directory (extra settings as NAME=VALUE), prints its pid, and
# returns once /health answers (or fails after 30 s, printing the log).

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

serve_dogear() {
  local port=$1 data=$2 log=$3
  shift 3
  env DOGEAR_DATA_DIR="$data" DOGEAR_PORT="$port" DOGEAR_ENRICH=false DOGEAR_OFFLINE=true "$@" \
    "${BIN:-.build/debug/dogear}" serve >"$log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 300); do
    if curl -sf "http://127.0.0.1:$port/health" >/dev/null; then
      echo "$pid"
      return 0
    fi
    sleep 0.1
  done
  echo "the server on port $port did not start:" >&2
  cat "$log" >&2
  return 1
}
