-- After a 429 from an upstream host, no process sends it another request until
-- `until` (Unix epoch ms) has passed (Retry-After, honoured across processes).
CREATE TABLE IF NOT EXISTS host_backoff (
  host TEXT PRIMARY KEY NOT NULL,
  until INTEGER NOT NULL
);
