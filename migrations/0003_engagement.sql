CREATE TABLE "bookmarks" (
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_item_type_item_id_pk" PRIMARY KEY("user_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"parent_id" text,
	"space_id" text NOT NULL,
	"author_id" text NOT NULL,
	"comment_html" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"mentions" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_replies" integer DEFAULT 0 NOT NULL,
	"total_reactions" integer DEFAULT 0 NOT NULL,
	"reaction_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" integer GENERATED ALWAYS AS (total_reactions + total_replies) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_user_id_item_type_item_id_pk" PRIMARY KEY("user_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"follower_id" text NOT NULL,
	"followee_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "total_reactions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "reaction_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "total_reactions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "reaction_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "reaction_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "total_followers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "total_following" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_user_idx" ON "bookmarks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_thread_recent_idx" ON "comments" USING btree ("item_type","item_id","created_at","id") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_thread_top_idx" ON "comments" USING btree ("item_type","item_id","score","id") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_replies_idx" ON "comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "reactions_item_idx" ON "reactions" USING btree ("item_type","item_id","created_at");--> statement-breakpoint
CREATE INDEX "reactions_user_idx" ON "reactions" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "user_follows_followee_idx" ON "user_follows" USING btree ("followee_id","created_at");--> statement-breakpoint
CREATE INDEX "user_follows_follower_idx" ON "user_follows" USING btree ("follower_id","created_at");--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_not_self" CHECK ("follower_id" <> "followee_id");--> statement-breakpoint
-- Comments, reactions and bookmarks name their item by collection and id (no foreign key can
-- point at four tables), so a deleted item takes its rows with it here, also when a space's
-- deletion cascades to its posts. TG_ARGV[0] is the collection the trigger's table is.
CREATE FUNCTION "delete_engagement_of_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "comments" WHERE "item_type" = TG_ARGV[0] AND "item_id" = OLD."id";
  DELETE FROM "reactions" WHERE "item_type" = TG_ARGV[0] AND "item_id" = OLD."id";
  DELETE FROM "bookmarks" WHERE "item_type" = TG_ARGV[0] AND "item_id" = OLD."id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stories_delete_engagement" AFTER DELETE ON "stories" FOR EACH ROW EXECUTE FUNCTION "delete_engagement_of_item"('stories');--> statement-breakpoint
CREATE TRIGGER "problems_delete_engagement" AFTER DELETE ON "problems" FOR EACH ROW EXECUTE FUNCTION "delete_engagement_of_item"('problems');--> statement-breakpoint
CREATE TRIGGER "solutions_delete_engagement" AFTER DELETE ON "solutions" FOR EACH ROW EXECUTE FUNCTION "delete_engagement_of_item"('solutions');--> statement-breakpoint
CREATE TRIGGER "skills_delete_engagement" AFTER DELETE ON "skills" FOR EACH ROW EXECUTE FUNCTION "delete_engagement_of_item"('skills');--> statement-breakpoint
CREATE TRIGGER "comments_delete_engagement" AFTER DELETE ON "comments" FOR EACH ROW EXECUTE FUNCTION "delete_engagement_of_item"('comments');
