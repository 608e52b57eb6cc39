-- PostgreSQL form of ../20261122000000_create_host_backoff.sql.
CREATE TABLE IF NOT EXISTS host_backoff (
  host TEXT PRIMARY KEY NOT NULL,
  until BIGINT NOT NULL
);
