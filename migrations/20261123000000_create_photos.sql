-- Partner product photos served from our own origin (/photos/{id}/{width}.img).
-- A photo is registered when a page shows it (id = hash of its partner URL);
-- its original is fetched once, and each width and format is encoded once.
CREATE TABLE IF NOT EXISTS photos (
  id TEXT PRIMARY KEY NOT NULL,
  source_url TEXT NOT NULL,
  original BLOB,
  original_type TEXT,
  fetched_at INTEGER,
  -- After a failed fetch or encode, the placeholder is served until then.
  failed_until INTEGER,
  failure TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS photo_variants (
  id TEXT NOT NULL,
  width INTEGER NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
  bytes BLOB NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (id, width, format)
);
