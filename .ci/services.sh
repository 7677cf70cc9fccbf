#!/usr/bin/env bash
# Start PostgreSQL and Redis when they are not running, and make sure the project's database exists.
set -euo pipefail

if ! pg_isready -q -h localhost -p 5432; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h localhost -p 5432 && break; sleep 1; done
fi
pg_isready -h localhost -p 5432
if ! psql -h localhost -U root -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='eredan'" | grep -q 1; then
  createdb -h localhost -U root eredan
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping
