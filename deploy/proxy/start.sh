#!/bin/sh
# Start of the proxy image: the certificate, the configuration, then nginx in the foreground.
#   SERVER_NAME        the site's host name (default localhost), for the self-signed certificate
#   UPSTREAMS          the instances, "host:port host:port …" (default "app1:3000 app2:3000")
#   PUBLIC_HTTPS_PORT  where port 80 redirects to (default 443; another port is added to the URL)
#   SHOW_UPSTREAM      1: answers name the instance that served them (X-Upstream), for tests
#   RESOLVER           the DNS server naming the instances (default: resolv.conf's first)
# A real certificate: mount its chain and key as /etc/nginx/certs/tls.crt and tls.key.
set -eu
: "${SERVER_NAME:=localhost}" "${UPSTREAMS:=app1:3000 app2:3000}" "${PUBLIC_HTTPS_PORT:=443}" "${SHOW_UPSTREAM:=0}"
: "${RESOLVER:=$(awk '$1 == "nameserver" { print ($2 ~ /:/ ? "[" $2 "]" : $2); exit }' /etc/resolv.conf)}"
certs=/etc/nginx/certs
if [ ! -s "$certs/tls.crt" ] || [ ! -s "$certs/tls.key" ]; then
  echo "proxy-start: no certificate in $certs, making a self-signed one for $SERVER_NAME"
  mkdir -p "$certs"
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=$SERVER_NAME" \
    -addext "subjectAltName=DNS:$SERVER_NAME" -keyout "$certs/tls.key" -out "$certs/tls.crt" 2>/dev/null
fi
# split_clients shares (the last one takes the rest) and each instance's next one, in a ring.
set -- $UPSTREAMS
count=$#
first=$1
shares="" next="" i=0
while [ $# -gt 0 ]; do
  i=$((i + 1))
  if [ "$i" -lt "$count" ]; then
    shares="$shares    $(awk -v n="$count" 'BEGIN { printf "%.2f", int(10000 / n) / 100 }')% $1;\n"
  else
    shares="$shares    * $1;\n"
  fi
  next="$next    $1 ${2:-$first};\n"
  shift
done
port_suffix=""
[ "$PUBLIC_HTTPS_PORT" = 443 ] || port_suffix=":$PUBLIC_HTTPS_PORT"
upstream_header=""
[ "$SHOW_UPSTREAM" != 1 ] || upstream_header='      add_header X-Upstream $upstream_addr always;'
sed -e "s|@SHARES@|$shares|" -e "s|@NEXT@|$next|" -e "s|@RESOLVER@|$RESOLVER|" \
  -e "s|@UPSTREAM_HEADER@|$upstream_header|" -e "s|@SERVER_NAME@|$SERVER_NAME|g" -e "s|@PORT_SUFFIX@|$port_suffix|g" \
  /etc/nginx/tallyway.conf.template >/etc/nginx/nginx.conf
nginx -t -q
exec nginx -g 'daemon off;'
