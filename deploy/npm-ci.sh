#!/bin/sh
# `npm ci` for the image build (Containerfile), tried up to three times when, and only when, it
# fails with EMFILE. npm extracts every package at once and its cache (cacache) opens files with no
# bound (npm/cacache#261, unfixed upstream), so a build whose open-file limit cannot be raised
# (rootless or nested containers) fails now and then; npm ci starts from an empty node_modules,
# so a second try is a clean install. Any other failure fails the build at once.
set -u
log=$(mktemp)
for try in 1 2 3; do
  if npm ci "$@" 2>"$log"; then
    cat "$log" >&2
    exit 0
  fi
  cat "$log" >&2
  grep -q EMFILE "$log" || exit 1
  echo "npm-ci.sh: npm ci ran out of open files (EMFILE, npm/cacache#261); try $try of 3 failed" >&2
done
exit 1
