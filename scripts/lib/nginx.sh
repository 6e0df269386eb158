# Sourced by scripts that put `dogear serve` behind nginx (Debian's nginx-light): `nginx_up NAME PORT
# UPSTREAM_PORT...` starts a balancer in the foreground of its own on 127.0.0.1:PORT, round robin over
# the upstream ports, logging which one answered to $WORK/nginx-NAME/access.log; it passes the client's
# address as X-Forwarded-For. Needs NGINX (the binary) and WORK (a scratch folder) set.

# nginx NAME PORT UPSTREAM_PORT...: a balancer in the foreground of its own, logging who answered.
nginx_up() {
  local name=$1 port=$2
  shift 2
  mkdir -p "$WORK/nginx-$name"
  {
    echo "daemon off; worker_processes 1; pid $WORK/nginx-$name.pid; error_log $WORK/nginx-$name/error.log;"
    # As root, nginx's workers would run as nobody and could not write the upload buffers here.
    [ "$(id -u)" = 0 ] && echo "user root;"
    echo "events { worker_connections 1024; }"
    echo "http {"
    echo "  log_format upstream '\$upstream_addr \$status \$request_method \$uri';"
    echo "  access_log $WORK/nginx-$name/access.log upstream;"
    for temp in client_body proxy fastcgi uwsgi scgi; do echo "  ${temp}_temp_path $WORK/nginx-$name/$temp;"; done
    echo "  client_max_body_size 60m;"
    echo "  upstream dogear {"
    for upstream in "$@"; do echo "    server 127.0.0.1:$upstream;"; done
    echo "    keepalive 32;"
    echo "  }"
    echo "  server {"
    echo "    listen 127.0.0.1:$port;"
    echo "    location / {"
    echo "      proxy_pass http://dogear;"
    echo "      proxy_http_version 1.1;"
    echo "      proxy_set_header Connection \"\";"
    echo "      proxy_set_header Host \$host;"
    echo "      proxy_set_header X-Forwarded-For \$remote_addr;"
    echo "      proxy_buffering off;"
    echo "    }"
    echo "  }"
    echo "}"
  } >"$WORK/nginx-$name.conf"
  "$NGINX" -c "$WORK/nginx-$name.conf" -p "$WORK/nginx-$name" >"$WORK/nginx-$name/stdout.log" 2>&1 &
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null && return 0
    sleep 0.1
  done
  echo "nginx $name did not start:"
  cat "$WORK/nginx-$name/error.log" "$WORK/nginx-$name/stdout.log"
  return 1
}

