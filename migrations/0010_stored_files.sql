CREATE TABLE "chat_files" (
	"key" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"owner_id" text,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attached_type" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attached_id" text;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_files_conversation_idx" ON "chat_files" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "chat_files_owner_idx" ON "chat_files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_files_unsent_idx" ON "chat_files" USING btree ("created_at") WHERE "chat_files"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_attached_idx" ON "uploads" USING btree ("attached_type","attached_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_type" is null;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_attached_check" CHECK (("uploads"."attached_type" is null) = ("uploads"."attached_id" is null));--> statement-breakpoint
-- Existing posts' uploads are attached to them (a recording's chunks by `uploadIds`), and a space's
-- image to its space, so the sweep of unattached uploads leaves them alone.
UPDATE "uploads" SET "attached_type" = 'stories', "attached_id" = p."id" FROM "stories" p, jsonb_array_elements(p."files") f WHERE "uploads"."attached_type" IS NULL AND (f->>'uploadId' = "uploads"."id" OR coalesce(f->'uploadIds', '[]'::jsonb) @> to_jsonb("uploads"."id"));--> statement-breakpoint
UPDATE "uploads" SET "attached_type" = 'problems', "attached_id" = p."id" FROM "problems" p, jsonb_array_elements(p."files") f WHERE "uploads"."attached_type" IS NULL AND (f->>'uploadId' = "uploads"."id" OR coalesce(f->'uploadIds', '[]'::jsonb) @> to_jsonb("uploads"."id"));--> statement-breakpoint
UPDATE "uploads" SET "attached_type" = 'solutions', "attached_id" = p."id" FROM "solutions" p, jsonb_array_elements(p."files") f WHERE "uploads"."attached_type" IS NULL AND (f->>'uploadId' = "uploads"."id" OR coalesce(f->'uploadIds', '[]'::jsonb) @> to_jsonb("uploads"."id"));--> statement-breakpoint
UPDATE "uploads" SET "attached_type" = 'skills', "attached_id" = p."id" FROM "skills" p, jsonb_array_elements(p."files") f WHERE "uploads"."attached_type" IS NULL AND (f->>'uploadId' = "uploads"."id" OR coalesce(f->'uploadIds', '[]'::jsonb) @> to_jsonb("uploads"."id"));--> statement-breakpoint
UPDATE "uploads" SET "attached_type" = 'spaces', "attached_id" = "uploads"."space_id" WHERE "uploads"."attached_type" IS NULL AND EXISTS (SELECT 1 FROM "spaces" s WHERE s."id" = "uploads"."space_id" AND s."image_url" LIKE '/api/media/' || "uploads"."id" || '/%');--> statement-breakpoint
-- The images messages already show, as sent (`/uploads/` is 9 characters).
INSERT INTO "chat_files" ("key", "conversation_id", "owner_id", "content_type", "size", "sent_at", "created_at") SELECT DISTINCT ON (substr(f->>'url', 10)) substr(f->>'url', 10), m."conversation_id", m."author_id", coalesce(f->>'type', 'image/jpeg'), coalesce((f->>'size')::numeric::bigint, 0), m."created_at", m."created_at" FROM "chat_messages" m, jsonb_array_elements(m."files") f WHERE f->>'url' LIKE '/uploads/chatgroups/' || m."conversation_id" || '/%' ORDER BY substr(f->>'url', 10), m."created_at" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A deleted post takes its uploads with it, also when a problem's or a space's deletion cascades
-- to it (the post tables have no single parent to cascade from). TG_ARGV[0] is the post kind.
CREATE FUNCTION "delete_uploads_of_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "uploads" WHERE "attached_type" = TG_ARGV[0] AND "attached_id" = OLD."id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stories_delete_uploads" AFTER DELETE ON "stories" FOR EACH ROW EXECUTE FUNCTION "delete_uploads_of_post"('stories');--> statement-breakpoint
CREATE TRIGGER "problems_delete_uploads" AFTER DELETE ON "problems" FOR EACH ROW EXECUTE FUNCTION "delete_uploads_of_post"('problems');--> statement-breakpoint
CREATE TRIGGER "solutions_delete_uploads" AFTER DELETE ON "solutions" FOR EACH ROW EXECUTE FUNCTION "delete_uploads_of_post"('solutions');--> statement-breakpoint
CREATE TRIGGER "skills_delete_uploads" AFTER DELETE ON "skills" FOR EACH ROW EXECUTE FUNCTION "delete_uploads_of_post"('skills');--> statement-breakpoint
-- Whatever deletes an upload or a chat image row (a statement, a cascade, the sweep) queues its
-- stored files for removal in the same transaction: a rolled-back request removes nothing.
CREATE FUNCTION "queue_storage_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "storage_removals" ("key") VALUES (OLD."key") ON CONFLICT DO NOTHING;
  -- Nested: chat_files rows have no thumbnail field, and an expression is planned whole.
  IF TG_TABLE_NAME = 'uploads' THEN
    IF OLD."thumbnail_key" IS NOT NULL THEN
      INSERT INTO "storage_removals" ("key") VALUES (OLD."thumbnail_key") ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "uploads_queue_storage_removal" AFTER DELETE ON "uploads" FOR EACH ROW EXECUTE FUNCTION "queue_storage_removal"();--> statement-breakpoint
CREATE TRIGGER "chat_files_queue_storage_removal" AFTER DELETE ON "chat_files" FOR EACH ROW EXECUTE FUNCTION "queue_storage_removal"();
