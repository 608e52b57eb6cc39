-- Clicks on partner links, counted per Arizona day, page, city, category and product.
-- Only these counts are kept: no cookie, no address, no user agent, no single click.
CREATE TABLE IF NOT EXISTS click_days (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  city TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL DEFAULT '',
  product TEXT NOT NULL DEFAULT '',
  clicks INTEGER NOT NULL,
  PRIMARY KEY (day, page, city, category, product)
);
