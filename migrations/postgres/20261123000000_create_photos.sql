-- PostgreSQL form of ../20261123000000_create_photos.sql: BYTEA for the image bytes.
CREATE TABLE IF NOT EXISTS photos (
  id TEXT PRIMARY KEY NOT NULL,
  source_url TEXT NOT NULL,
  original BYTEA,
  original_type TEXT,
  fetched_at BIGINT,
  failed_until BIGINT,
  failure TEXT,
  created_at BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS photo_variants (
  id TEXT NOT NULL,
  width INTEGER NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
  bytes BYTEA NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (id, width, format)
);
