-- PostgreSQL form of ../20261124000000_create_click_days.sql.
CREATE TABLE IF NOT EXISTS click_days (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  city TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT '',
  product TEXT NOT NULL DEFAULT '',
  clicks BIGINT NOT NULL,
  PRIMARY KEY (day, page, city, category, product)
);
