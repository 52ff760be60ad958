/**
 * Session settings of the content service's connections. Postgres' default
 * random_page_cost (4) prices a random page read as a spinning disk does; the
 * public read paths touch a cached working set on SSD, where 1.1 is the usual
 * value. With the default, the planner walks the publish-date index and
 * filters rather than read a category's own index, and sorts the directory
 * instead of reading it in name order; with 1.1 it picks the index made for
 * each ORDER BY (see the benchmark's EXPLAIN printout).
 */
export const CONTENT_DB_SETTINGS = { random_page_cost: '1.1' };
