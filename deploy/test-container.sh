#!/usr/bin/env bash
# The deployment, tested for real (issue #33 point 4; .ci/run runs it after `npm test`):
#  1. a Debian bookworm base made with debootstrap (cached in .cache/container/), imported
#     into Podman, plus Node 24 and npm from the npm registry (no container registry needed);
#  2. the site's image (Containerfile) on that base, and PostgreSQL, Redis and nginx images
#     made from it with Debian's packages (deploy/debian/, deploy/proxy/);
#  3. deploy/compose.yaml started with podman-compose: PostgreSQL, Redis, two instances and
#     the TLS proxy; checks the redirect, the headers, a lead to each instance, then kills one
#     instance (podman kill) in the middle of a stream of leads and checks that the stream goes
#     on through the proxy and that every acknowledged lead is in PostgreSQL;
#  4. the restart policy, the same stream through a SIGTERM stop (drained, exit 0, within the
#     grace period), every service's health check, no devDependency in the image;
#  5. the figures into .tmp/container-test/container.md (git-ignored, so CI leaves the clone
#     clean), or into RESULTS: `npm run bench:container` writes bench/results/container.md.
#     Everything is torn down on exit, failed or not.
# A missing tool is a failure, not a skip: .ci/run installs podman, runc, podman-compose,
# debootstrap and curl. Runs as root (rootful Podman). systemd-analyze checks the unit first.
#   deploy/test-container.sh            KEEP=1 leaves the containers running for a look
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

say() { printf 'container-test: %s\n' "$*"; }
fail() {
  printf 'container-test: FAILED: %s\n' "$*" >&2
  exit 1
}

for tool in podman runc podman-compose debootstrap curl python3 systemd-analyze; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (.ci/run installs it: apt-get install podman runc podman-compose debootstrap curl systemd)"
done
[ "$(id -u)" = 0 ] || fail "run as root: debootstrap and rootful Podman need it"

# --- Podman's settings: runc, cgroupfs, no default ulimits (this machine's containers cannot
# raise them), in a containers.conf of our own rather than the machine's.
tmp=$root/.tmp/container-test
cache=$root/.cache/container
mkdir -p "$tmp" "$cache"
cat >"$tmp/containers.conf" <<'EOF'
[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
EOF
export CONTAINERS_CONF=$tmp/containers.conf
podman() { command podman --runtime runc "$@"; }

project=tallyway-ct-$$
compose=(podman-compose -p "$project" -f deploy/compose.yaml)
results=${RESULTS:-$tmp/container.md}

cleanup() {
  local status=$?
  if [ "${KEEP:-0}" = 1 ]; then
    say "KEEP=1: left running; stop with: CONTAINERS_CONF=$CONTAINERS_CONF ${compose[*]} down"
    return
  fi
  say "tearing down $project"
  "${compose[@]}" down -t 5 >/dev/null 2>&1 || true
  # podman-compose 1.0 leaves containers it did not start, the volumes and the network
  # (xargs runs the podman program: containers.conf is in CONTAINERS_CONF).
  command podman ps -aq --filter "label=io.podman.compose.project=$project" | xargs -r podman rm -f >"$tmp/cleanup.log" 2>&1 || true
  command podman volume ls -q --filter "label=io.podman.compose.project=$project" | xargs -r podman volume rm -f >>"$tmp/cleanup.log" 2>&1 || true
  command podman network rm -f "${project}_default" >/dev/null 2>&1 || true
  rm -rf "$tmp/rootfs"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

seconds_since() { echo "$(($(date +%s%N) - $1))" | awk '{ printf "%.1f", $1 / 1e9 }'; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# --- 0. The systemd unit of the single-machine path. Its Node, /usr/local/bin/node, is not on
# this machine: the pinned Node binary stands in for it, so that verify checks the rest.
unit=$tmp/tallyway.service
sed "s|^ExecStart=/usr/local/bin/node |ExecStart=$(readlink -f node_modules/node/bin/node) |" deploy/tallyway.service >"$unit"
systemd-analyze verify "$unit" || fail "systemd-analyze verify deploy/tallyway.service"
say "systemd-analyze verify deploy/tallyway.service: ok"

# --- 1. The Debian base: debootstrap's minbase from the machine's own Debian mirror, made
# small as the official slim images are (no apt lists, caches, docs or translations), kept
# as a tar file so the next run skips it.
mirror=${DEBIAN_MIRROR:-$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)}
mirror=${mirror:-$(awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)}
mirror=${mirror:-http://deb.debian.org/debian}
rootfs_tar=$cache/debian-bookworm-minbase.tar
if [ ! -s "$rootfs_tar" ]; then
  say "debootstrap bookworm minbase from $mirror"
  rm -rf "$tmp/rootfs"
  start=$(date +%s%N)
  debootstrap --variant=minbase bookworm "$tmp/rootfs" "$mirror" >"$tmp/debootstrap.log" 2>&1 ||
    fail "debootstrap failed: see $tmp/debootstrap.log"
  # The machine's own apt sources (its mirror, with updates and security) for the images' apt-get.
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    cp /etc/apt/sources.list.d/debian.sources "$tmp/rootfs/etc/apt/sources.list.d/"
    rm -f "$tmp/rootfs/etc/apt/sources.list"
  fi
  rm -rf "$tmp"/rootfs/var/lib/apt/lists/* "$tmp"/rootfs/var/cache/apt/*.bin "$tmp"/rootfs/var/cache/apt/archives/*.deb \
    "$tmp"/rootfs/usr/share/doc/* "$tmp"/rootfs/usr/share/man/* "$tmp"/rootfs/usr/share/info/* "$tmp"/rootfs/usr/share/locale/*
  tar -C "$tmp/rootfs" -cf "$rootfs_tar.part" . && mv "$rootfs_tar.part" "$rootfs_tar"
  rm -rf "$tmp/rootfs"
  seconds_since "$start" >"$cache/debootstrap-seconds"
  say "debootstrap took $(cat "$cache/debootstrap-seconds") s"
else
  say "debootstrap: cached $rootfs_tar"
fi
debootstrap_seconds=$(cat "$cache/debootstrap-seconds" 2>/dev/null || echo "?")
# Imported again only when the tar file changed, so the image layers above it stay cached.
rootfs_sum=$(sha256sum "$rootfs_tar" | cut -c1-16)
if [ "$(podman image inspect --format '{{index .Labels "rootfs.sha256"}}' localhost/debian-bookworm 2>/dev/null)" != "$rootfs_sum" ]; then
  say "importing the rootfs as localhost/debian-bookworm"
  podman import -q --change "LABEL rootfs.sha256=$rootfs_sum" --change 'CMD ["/bin/bash"]' "$rootfs_tar" localhost/debian-bookworm >/dev/null
fi

# --- 2. The images. The Node version is the pinned devDependency's, from package-lock.json.
node_version=$(python3 -c 'import json; print(json.load(open("package-lock.json"))["packages"]["node_modules/node"]["version"])')
build_args=(--format docker --layers)
ca_args=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  # This machine reaches the npm registry through a TLS-inspecting proxy: its CA, for npm ci.
  ca_args=(-v "$NODE_EXTRA_CA_CERTS:/run/host-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt)
fi
start=$(date +%s%N)
say "building localhost/node24-bookworm (Node $node_version from the npm registry)"
podman build "${build_args[@]}" -q -f deploy/node-base.Containerfile --build-arg NODE_VERSION="$node_version" \
  -t localhost/node24-bookworm deploy >/dev/null
say "building localhost/tallyway (Containerfile, BASE_IMAGE=localhost/node24-bookworm)"
podman build "${build_args[@]}" "${ca_args[@]}" --build-arg BASE_IMAGE=localhost/node24-bookworm -t localhost/tallyway . >"$tmp/build.log" 2>&1 ||
  {
    tail -30 "$tmp/build.log" >&2
    fail "the image did not build: see $tmp/build.log"
  }
say "building the PostgreSQL, Redis and nginx images from the same Debian"
podman build "${build_args[@]}" -q -f deploy/debian/postgres.Containerfile -t localhost/tallyway-postgres deploy/debian >/dev/null
podman build "${build_args[@]}" -q -f deploy/debian/redis.Containerfile -t localhost/tallyway-redis deploy/debian >/dev/null
podman build "${build_args[@]}" -q --build-arg PROXY_BASE=localhost/debian-bookworm -t localhost/tallyway-proxy deploy/proxy >/dev/null
build_seconds=$(seconds_since "$start")
# Whether this run's image build ran the site's build, or took its layers from the cache.
if grep -q '^> react-router build' "$tmp/build.log"; then site_built="npm run build ran"; else site_built="the site's layers from the cache"; fi

image_bytes=$(podman image inspect --format '{{.Size}}' localhost/tallyway)
base_bytes=$(podman image inspect --format '{{.Size}}' localhost/node24-bookworm)
debian_bytes=$(podman image inspect --format '{{.Size}}' localhost/debian-bookworm)
once() { podman run --rm --no-healthcheck "$@"; }
modules_bytes=$(once --entrypoint du localhost/tallyway -sb /app/node_modules | cut -f1)
site_bytes=$(once --entrypoint du localhost/tallyway -sb /app/build/client | cut -f1)
mb() { awk -v b="$1" 'BEGIN { printf "%.0f MB", b / 1e6 }'; }
say "image $(mb "$image_bytes") (base $(mb "$base_bytes")), node_modules $(mb "$modules_bytes"), build/client $(mb "$site_bytes")"

# The runtime has production dependencies only (none of package.json's devDependencies is
# in its node_modules), and the server starts on them (below); it does not run as root.
dev_found=$(once --entrypoint node localhost/tallyway -e '
  const { existsSync } = require("node:fs");
  const { devDependencies } = require("/app/package.json");
  console.log(Object.keys(devDependencies).filter((name) => existsSync(`/app/node_modules/${name}`)).join(" "));')
[ -z "$dev_found" ] || fail "devDependencies in the image: $dev_found"
# Image uploads (server/uploads/) resize with sharp: its prebuilt libvips must load in the runtime.
once --entrypoint node localhost/tallyway -e 'require("sharp")' >/dev/null || fail "sharp does not load in the image (its @img/sharp-linux-* package is missing)"
[ "$(once --entrypoint id localhost/tallyway -u)" != 0 ] || fail "the image runs as root"

# --- 3. The compose set, on free ports, with the debootstrap-made images.
http_port=$(free_port)
https_port=$(free_port)
export POSTGRES_PASSWORD=ct-$RANDOM$RANDOM POSTGRES_IMAGE=localhost/tallyway-postgres REDIS_IMAGE=localhost/tallyway-redis
export HTTP_PORT=$http_port HTTPS_PORT=$https_port SHOW_UPSTREAM=1 RATE_LIMIT_PER_MINUTE=100000 \
  QUESTIONS_PER_NETWORK_PER_HOUR=100000
base=https://localhost:$https_port
say "podman-compose up ($project, https on $https_port, http on $http_port)"
start=$(date +%s%N)
"${compose[@]}" up -d >"$tmp/compose-up.log" 2>&1 || {
  tail -20 "$tmp/compose-up.log" >&2
  fail "podman-compose up failed: see $tmp/compose-up.log"
}
container() { echo "${project}_$1_1"; }
# Up means: the proxy answers the health check of both instances over TLS.
instance_ip() { command podman inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(container "$1")" 2>/dev/null; }
# Both instances have an address and have answered a 200 of /healthz through the proxy.
healthy_through_proxy() {
  local seen="" ip1 ip2
  ip1=$(instance_ip app1) ip2=$(instance_ip app2)
  [ -n "$ip1" ] && [ -n "$ip2" ] || return 1
  for _ in 1 2 3 4 5 6; do
    seen+=" $(curl -sk --max-time 5 -o /dev/null -D - "$base/healthz" | tr -d '\r' | awk '/^HTTP/ { ok = $2 == 200 } ok && tolower($1) == "x-upstream:" { print $2 }')"
  done
  [[ $seen == *" $ip1:3000"* && $seen == *" $ip2:3000"* ]]
}
# The loop's own answer decides: asking again would be a new draw of the proxy's random picks
# (six answers from one instance, 1 in 32), which failed a CI run right after both had answered.
up=no
for _ in $(seq 1 120); do
  if healthy_through_proxy 2>/dev/null; then
    up=yes
    break
  fi
  sleep 0.5
done
[ "$up" = yes ] || {
  "${compose[@]}" logs >"$tmp/compose.log" 2>&1 || true
  curl -skv --max-time 5 "$base/healthz" >&2 || true
  fail "both instances did not answer /healthz through the proxy within 60 s: see $tmp/compose.log"
}
compose_seconds=$(seconds_since "$start")
say "up and healthy in $compose_seconds s"

# Each service's own health check (compose.yaml), run once the way Podman runs it. Podman marks
# a service unhealthy after `retries` failures in a row, so a check that fails once is retried
# (5 s apart, up to 3 tries, as compose.yaml's retries); what the failed tries said is printed.
for service in postgres redis app1 app2 proxy; do
  tries=1
  : >"$tmp/health-$service.log"
  until podman healthcheck run "$(container $service)" >>"$tmp/health-$service.log" 2>&1; do
    if [ $tries -ge 3 ]; then
      sed 's/^/  /' "$tmp/health-$service.log" >&2
      command podman inspect --format '  state {{.State.Status}}, restarts {{.RestartCount}}, health {{json .State.Health}}' "$(container $service)" >&2 || true
      command podman logs --tail 30 "$(container $service)" 2>&1 | sed 's/^/  /' >&2 || true
      fail "the health check of $service fails ($tries tries, 5 s apart)"
    fi
    tries=$((tries + 1))
    sleep 5
  done
  [ $tries = 1 ] || say "the health check of $service passed at try $tries; before: $(tr '\n' ' ' <"$tmp/health-$service.log") $(command podman inspect --format '{{json .State.Health.Log}}' "$(container $service)" 2>&1 | head -c 2000)"
done

# Port 80 redirects to https; the pages come with the server's security headers, through TLS.
location=$(curl -s --max-time 10 -o /dev/null -w '%{redirect_url}' "http://localhost:$http_port/about?x=1")
[ "$location" = "https://localhost:$https_port/about?x=1" ] || fail "http did not redirect to https (got '$location')"
headers=$(curl -sk --max-time 10 -D - -o /dev/null "$base/" | tr -d '\r' | tr 'A-Z' 'a-z')
for header in content-security-policy strict-transport-security x-content-type-options x-frame-options referrer-policy permissions-policy; do
  grep -q "^$header: " <<<"$headers" || fail "the proxy's answer lacks $header"
done

# A lead answered by each instance (the proxy picks at random: a few leads, until both did).
lead() { curl -sk --max-time 20 -o /dev/null -w '%{http_code} %header{x-upstream}' "$base/contactUs?type=Lead&name=Container%20Test&email=$1&details=Deployment%20test"; }
declare -A answered_by=()
for n in $(seq 1 20); do
  read -r code upstream <<<"$(lead "each-$n@example.com")"
  [ "$code" = 200 ] || fail "lead $n through the proxy: HTTP $code"
  answered_by[$upstream]=1
  [ -n "${answered_by[$(instance_ip app1):3000]:-}" ] && [ -n "${answered_by[$(instance_ip app2):3000]:-}" ] && break
done
[ -n "${answered_by[$(instance_ip app1):3000]:-}" ] && [ -n "${answered_by[$(instance_ip app2):3000]:-}" ] ||
  fail "the leads did not reach both instances (${!answered_by[*]})"
say "a lead through the proxy to each instance: ok"

# --- Lead streams: 4 senders, 40 leads each, one at a time, while one instance goes away.
# Every lead must still be answered, and every one answered 200 must be in PostgreSQL
# (counted with psql in its container). stream <name> <command…> runs the command 2 s in.
streams=4 per_stream=40
psql() { podman exec "$(container postgres)" psql -U tallyway -d tallyway -tAc "$1"; }
stream() {
  local name=$1
  shift
  : >"$tmp/$name.acknowledged"
  : >"$tmp/$name.refused"
  for s in $(seq 1 "$streams"); do
    (
      for n in $(seq 1 "$per_stream"); do
        email="$name-$s-$n@example.com"
        read -r code upstream <<<"$(lead "$email")"
        if [ "$code" = 200 ]; then echo "$email" >>"$tmp/$name.acknowledged"; else echo "$email $code from ${upstream:-the proxy}" >>"$tmp/$name.refused"; fi
      done
    ) &
  done
  sleep 2
  "$@"
  wait
  acknowledged=$(wc -l <"$tmp/$name.acknowledged")
  refused=$(wc -l <"$tmp/$name.refused")
  psql "SELECT email FROM leads WHERE email LIKE '$name-%'" | sort >"$tmp/$name.stored"
  lost=$(comm -23 <(sort -u "$tmp/$name.acknowledged") <(sort -u "$tmp/$name.stored") | wc -l)
  stored=$(wc -l <"$tmp/$name.stored")
  say "$name: $acknowledged acknowledged, $refused refused, $stored rows stored ($(sort -u "$tmp/$name.stored" | wc -l) distinct), $lost acknowledged but lost"
  [ "$lost" = 0 ] || fail "$name: $lost acknowledged leads are not in PostgreSQL"
  [ "$refused" = 0 ] || fail "$name: the proxy did not carry the stream through: $(head -3 "$tmp/$name.refused" | tr '\n' ' ')"
  [ "$acknowledged" = $((streams * per_stream)) ] || fail "$name: only $acknowledged of $((streams * per_stream)) leads answered"
}

# The kill: SIGKILL, nothing drains.
kill_app1() {
  say "podman kill $(container app1) in the middle of the stream"
  podman kill "$(container app1)" >/dev/null
}
stream kill kill_app1
kill_acknowledged=$acknowledged kill_refused=$refused kill_lost=$lost kill_stored=$stored

# podman kill counts as stopped by the user, so the restart policy leaves it down; start it
# again, then crash app2 from outside (SIGKILL to its process): unless-stopped restarts that.
podman start "$(container app1)" >/dev/null
pid=$(command podman inspect --format '{{.State.Pid}}' "$(container app2)")
kill -KILL "$pid"
restarted=no
for _ in $(seq 1 60); do
  if [ "$(command podman inspect --format '{{.RestartCount}}' "$(container app2)")" -ge 1 ] &&
    [ "$(command podman inspect --format '{{.State.Running}}' "$(container app2)")" = true ] && healthy_through_proxy 2>/dev/null; then
    restarted=yes
    break
  fi
  sleep 0.5
done
[ "$restarted" = yes ] || fail "the crashed app2 was not restarted by its restart policy (or app1 did not come back)"
say "restart policy: a crashed instance comes back; the killed one starts again: ok"

# The stop: SIGTERM in the middle of a stream. The server drains (the requests it has finish,
# new ones go to the other instance) and exits 0 well inside the grace period.
stop_app1() {
  local start
  start=$(date +%s%N)
  podman stop -t 15 "$(container app1)" >/dev/null
  stop_seconds=$(seconds_since "$start")
}
stream stop stop_app1
stop_acknowledged=$acknowledged stop_refused=$refused stop_lost=$lost
exit_code=$(command podman inspect --format '{{.State.ExitCode}}' "$(container app1)")
[ "$exit_code" = 0 ] || fail "app1 exited $exit_code on SIGTERM"
awk -v s="$stop_seconds" 'BEGIN { exit !(s < 15) }' || fail "app1 took $stop_seconds s to stop"
say "SIGTERM under load: app1 stopped in $stop_seconds s, exit code 0"
total_leads=$(psql "SELECT count(*) FROM leads")

# --- 5. The figures.
cat >"$results" <<EOF
# Container image and compose set

\`deploy/test-container.sh\` ($(date -u +%Y-%m-%d), $(nproc) cores shared with other jobs, Podman
$(command podman --version | awk '{ print $3 }') with runc and cgroupfs, podman-compose $(podman-compose version 2>/dev/null | awk '/podman-composer? version/ { print $NF }'); Node $node_version).

| figure | value |
| --- | --- |
| image \`localhost/tallyway\` (debootstrap base + Node + npm + app) | $(mb "$image_bytes") |
| of which the base \`localhost/node24-bookworm\` (Debian minbase $(mb "$debian_bytes"), Node binary, npm) | $(mb "$base_bytes") |
| runtime \`node_modules\` (\`npm ci --omit=dev\`, sharp's prebuilt binaries) | $(mb "$modules_bytes") |
| \`build/client\` in the image (with .br and .gz copies) | $(mb "$site_bytes") |
| debootstrap of bookworm minbase (cached afterwards) | $debootstrap_seconds s |
| building the five images (this run: $site_built) | $build_seconds s |
| compose start: \`up -d\` until both instances answer \`/healthz\` through the TLS proxy | $compose_seconds s |
| leads sent through the proxy while one instance is killed (4 senders × 40, one at a time each) | $((streams * per_stream)) |
| of them acknowledged / refused / acknowledged but not stored | $kill_acknowledged / $kill_refused / $kill_lost |
| rows stored for them (a lead whose instance died before answering is retried: stored twice) | $kill_stored |
| leads sent while one instance is stopped with SIGTERM: acknowledged / refused / lost | $stop_acknowledged / $stop_refused / $stop_lost |
| SIGTERM to exit under that load (exit code 0; grace period 15 s) | $stop_seconds s |

A first run also spends the debootstrap time above; a run with nothing changed takes about
30 s in all (every image from the layer cache). The official \`node:24-bookworm-slim\` base is not reachable here; on it the image is that base
plus the same $(mb "$((image_bytes - base_bytes))") of application layers.
EOF
say "ok: figures in $results ($total_leads leads in PostgreSQL)"
