-- Partner pages fetched for product grids and sliders (SPEC §3 "Page cache record").
-- Times are Unix epoch milliseconds. products holds the extracted products as JSON,
-- so a cache hit never parses HTML again.
CREATE TABLE IF NOT EXISTS page_cache (
  url TEXT PRIMARY KEY NOT NULL,
  html TEXT NOT NULL,
  products TEXT NOT NULL DEFAULT '[]',
  fetched_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  acceptable_until INTEGER NOT NULL,
  refresh_lock_until INTEGER,
  refresh_lock_id TEXT,
  hit_count INTEGER NOT NULL DEFAULT 0,
  last_hit_at INTEGER
);

-- One row per cache decision (SPEC §7 log_cache_operation).
CREATE TABLE IF NOT EXISTS cache_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  url TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('hit', 'miss')),
  cache_status TEXT NOT NULL CHECK (cache_status IN ('fresh', 'stale', 'error')),
  response_ms INTEGER NOT NULL,
  error_message TEXT,
  created_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS cache_log_url_created ON cache_log (url, created_at);
