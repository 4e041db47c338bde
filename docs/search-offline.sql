-- The API's search over fiscal-mx.sqlite (docs/search.md#offline): :words is the user's words as a JSON array
-- (split on anything that is not a letter or a digit) and :catalog one catalog's id or NULL for every CFDI catalog;
-- both are bound, never spliced into the SQL.
WITH q(word, at) AS (SELECT value, key FROM json_each(:words)),
t(word, stem, form) AS (
  SELECT q.word, w.stem, w.form FROM q CROSS JOIN search_words AS w
  WHERE w.search_words MATCH '"' || replace(q.word, '"', '""') || '"'),
s(stem, form, at) AS (
  SELECT coalesce((SELECT stem FROM t WHERE t.word = q.word LIMIT 1), lower(q.word)),
         coalesce((SELECT form FROM t WHERE t.word = q.word LIMIT 1), lower(q.word)), min(q.at)
  FROM q WHERE length(q.word) > 1 GROUP BY 1),
k(stem, form) AS (SELECT stem, form FROM s WHERE stem <> '' ORDER BY at LIMIT 8),
-- Each word's weight in each field (MiniSearch's inverse document frequency), the description's for a synonym.
w(stem, iname, iother, iplain, iinherited) AS (
  SELECT k.stem, coalesce(i.name, 0), coalesce(i.other, 0), coalesce(i.plain, 0), coalesce(i.inherited, 0)
  FROM k LEFT JOIN search_idf AS i ON i.stem = k.stem),
j(joined, phrase, n) AS (SELECT group_concat(stem, ' '), group_concat(form, ' '), count(*) FROM k),
hit AS (
  SELECT search_fts.rowid AS entry, search_fts.*,
    -- The API's score: per word, BM25 in each field that has it, weighed by field (description 2, other names 1,
    -- plain text and inherited words 0.5) and by entry (named whole 3; else its description has the word 1.2,
    -- its first word for a one-word query 2), times 1 + 1 / the name's word count.
    (SELECT sum((CASE WHEN instr(' ' || name || ' ', ' ' || w.stem || ' ') > 0
                      THEN 2 * w.iname * (0.5 + 2.2 * ((length(replace(' ' || name || ' ', ' ', '  ')) - length(replace(replace(' ' || name || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) / (((length(replace(' ' || name || ' ', ' ', '  ')) - length(replace(replace(' ' || name || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) + wname))
                      WHEN instr(' ' || synonyms || ' ', ' ' || w.stem || ' ') > 0 THEN 2 * max(w.iname, 5) * (0.5 + 2.2 / (1 + wname)) ELSE 0 END
                 + CASE WHEN instr(' ' || replace(other, ',', ' ') || ' ', ' ' || w.stem || ' ') > 0
                        THEN w.iother * (0.5 + 2.2 * ((length(replace(' ' || replace(other, ',', ' ') || ' ', ' ', '  ')) - length(replace(replace(' ' || replace(other, ',', ' ') || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) / (((length(replace(' ' || replace(other, ',', ' ') || ' ', ' ', '  ')) - length(replace(replace(' ' || replace(other, ',', ' ') || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) + wother)) ELSE 0 END
                 + CASE WHEN instr(' ' || plain || ' ', ' ' || w.stem || ' ') > 0
                        THEN 0.5 * w.iplain * (0.5 + 2.2 * ((length(replace(' ' || plain || ' ', ' ', '  ')) - length(replace(replace(' ' || plain || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) / (((length(replace(' ' || plain || ' ', ' ', '  ')) - length(replace(replace(' ' || plain || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) + wplain)) ELSE 0 END
                 + CASE WHEN instr(' ' || inherited || ' ', ' ' || w.stem || ' ') > 0
                        THEN 0.5 * w.iinherited * (0.5 + 2.2 * ((length(replace(' ' || inherited || ' ', ' ', '  ')) - length(replace(replace(' ' || inherited || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) / (((length(replace(' ' || inherited || ' ', ' ', '  ')) - length(replace(replace(' ' || inherited || ' ', ' ', '  '), ' ' || w.stem || ' ', ''))) / (length(w.stem) + 2.0)) + winherited)) ELSE 0 END)
                * CASE WHEN form = j.phrase OR instr(',' || forms || ',', ',' || j.phrase || ',') > 0
                            OR instr(',' || aliases || ',', ',' || j.phrase || ',') > 0 THEN 3
                       ELSE CASE WHEN instr(' ' || name || ' ', ' ' || w.stem || ' ') > 0 THEN 1.2 ELSE 1 END
                            * CASE WHEN j.n = 1 AND (head = j.phrase OR instr(',' || aliases || ',', ',' || j.phrase || ',') > 0)
                                    AND (name = w.stem OR name LIKE w.stem || ' %') THEN 2 ELSE 1 END END)
     FROM w) * (1 + 1.0 / size) AS score,
    (SELECT count(*) FROM k WHERE instr(' ' || name || ' ' || replace(other, ',', ' ') || ' ' || plain || ' '
       || inherited || ' ' || synonyms || ' ', ' ' || stem || ' ') > 0) AS matched,
    form = j.phrase OR instr(',' || forms || ',', ',' || j.phrase || ',') > 0 AS named,
    instr(',' || aliases || ',', ',' || j.phrase || ',') > 0 AS aliased,
    j.n = 1 AND (head = j.phrase OR instr(',' || aliases || ',', ',' || j.phrase || ',') > 0) AS headed,
    j.n = 1 AND (head = j.phrase OR instr(',' || forms, ',' || j.phrase || ' ') > 0) AS starts,
    (SELECT sum(CASE WHEN instr(' ' || name || ' ', ' ' || stem || ' ') > 0 THEN 0
                     WHEN instr(' ' || replace(other, ',', ' ') || ' ', ' ' || stem || ' ') > 0 THEN 1
                     WHEN instr(' ' || plain || ' ', ' ' || stem || ' ') > 0 THEN 2
                     WHEN instr(' ' || synonyms || ' ', ' ' || stem || ' ') > 0 THEN 2
                     WHEN instr(' ' || inherited || ' ', ' ' || stem || ' ') > 0 THEN 3 ELSE 4 END) FROM k) AS distance
  FROM search_fts, j
  WHERE (catalog = :catalog OR :catalog IS NULL AND family = 'cfdi') AND search_fts MATCH (SELECT coalesce(group_concat('"' || replace(stem, '"', '""') || '"', ' OR '), '""') FROM k))
SELECT catalog, code, description FROM hit
ORDER BY
  standing,
  matched DESC,
  CASE WHEN named THEN 0 WHEN aliased THEN 1 WHEN starts THEN 2 ELSE 4 END,
  CASE WHEN named OR aliased THEN 0 ELSE distance END,
  NOT headed,
  score DESC,
  entry
LIMIT 10;
