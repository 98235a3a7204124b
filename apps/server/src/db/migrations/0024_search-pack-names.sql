-- Pack names join the search document with weight D (catalogue/search.ts refreshProductIndex), so
-- 'atta 1 kg' is words found rather than a typo. New and edited products get it when their index
-- is refreshed; this adds it to the products already there. Appended last, as D is the document's
-- last part, so the result is the document a refresh would write.
UPDATE "products" p SET "search_doc" = coalesce(p."search_doc", ''::tsvector) || setweight(to_tsvector('simple', k.names), 'D')
FROM (SELECT "product_id", string_agg("name", ' ' ORDER BY "position", "id") AS names FROM "packs" GROUP BY "product_id") k
WHERE k."product_id" = p."id";
