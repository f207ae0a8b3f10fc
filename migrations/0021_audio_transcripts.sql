ALTER TABLE "uploads" ADD COLUMN "transcript_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "transcribed_at" timestamp (3) with time zone;--> statement-breakpoint
-- An upload's transcript file goes with its row, as its original and thumbnail do.
CREATE OR REPLACE FUNCTION "queue_storage_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "storage_removals" ("key") VALUES (OLD."key") ON CONFLICT DO NOTHING;
  -- Nested: chat_files rows have no thumbnail or transcript field, and an expression is planned whole.
  IF TG_TABLE_NAME = 'uploads' THEN
    IF OLD."thumbnail_key" IS NOT NULL THEN
      INSERT INTO "storage_removals" ("key") VALUES (OLD."thumbnail_key") ON CONFLICT DO NOTHING;
    END IF;
    IF OLD."transcript_key" IS NOT NULL THEN
      INSERT INTO "storage_removals" ("key") VALUES (OLD."transcript_key") ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN OLD;
END;
$$;
