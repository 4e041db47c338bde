-- The API's search over fiscal-mx.sqlite (docs/search.md#offline): :words is the user's words as a JSON array
-- (split on anything that is not a letter or a digit); each word is bound, never spliced into the SQL.
WITH q(word) AS (SELECT value FROM json_each(:words)),
t(word, stem) AS (
  SELECT q.word, w.stem FROM q CROSS JOIN search_words AS w
  WHERE w.search_words MATCH '"' || replace(q.word, '"', '""') || '"'),
s(stem) AS (SELECT DISTINCT coalesce((SELECT stem FROM t WHERE t.word = q.word LIMIT 1), q.word) FROM q),
k(stem) AS (SELECT stem FROM s WHERE stem <> ''),
j(joined, n) AS (SELECT group_concat(stem, ' '), count(*) FROM k)
SELECT catalog, code, description FROM search_fts, j
WHERE search_fts MATCH (SELECT coalesce(group_concat('"' || replace(stem, '"', '""') || '"', ' OR '), '""') FROM k)
ORDER BY
  standing,
  (SELECT count(*) FROM k WHERE instr(' ' || name || ' ' || replace(other, ',', ' ') || ' ' || plain || ' '
     || inherited || ' ' || synonyms || ' ', ' ' || stem || ' ') > 0) DESC,
  CASE WHEN name = joined OR instr(',' || other || ',', ',' || joined || ',') > 0 THEN 0
       WHEN n = 1 AND (name LIKE joined || ' %' OR instr(',' || other, ',' || joined || ' ') > 0) THEN 1
       ELSE 2 END,
  (SELECT sum(CASE WHEN instr(' ' || name || ' ', ' ' || stem || ' ') > 0 THEN 0
                   WHEN instr(' ' || replace(other, ',', ' ') || ' ', ' ' || stem || ' ') > 0 THEN 1
                   WHEN instr(' ' || plain || ' ', ' ' || stem || ' ') > 0 THEN 2
                   WHEN instr(' ' || inherited || ' ', ' ' || stem || ' ') > 0 THEN 3 ELSE 4 END) FROM k),
  size,
  bm25(search_fts, 0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 2, 1, 2)
LIMIT 10;
