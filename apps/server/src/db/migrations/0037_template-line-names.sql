-- Template lines carry a name apart from their description (issue 37): until now a template line's
-- "description" was what became the proposal line's name. Each stored line without a name gets its
-- description as its name and an empty description, so templates read as before.
UPDATE "templates"
SET "content" = jsonb_set(
  "content",
  '{items}',
  (
    SELECT coalesce(
      jsonb_agg(
        CASE
          WHEN coalesce(line->>'name', '') <> '' THEN line
          ELSE line || jsonb_build_object('name', coalesce(line->>'description', ''), 'description', '')
        END
        ORDER BY position
      ),
      '[]'::jsonb
    )
    FROM jsonb_array_elements("content"->'items') WITH ORDINALITY AS lines(line, position)
  )
)
WHERE jsonb_typeof("content"->'items') = 'array'
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements("content"->'items') AS lines(line)
    WHERE coalesce(line->>'name', '') = ''
  );
