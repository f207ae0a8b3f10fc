-- earthdistance (on cube) answers the location sort and the nearby filter from a GiST index.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"owner_id" text NOT NULL,
	"space_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"extension" text NOT NULL,
	"size" bigint NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "formatted_location" text;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "location_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "geohash" text;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "formatted_location" text;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "location_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN "geohash" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "formatted_location" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "location_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "geohash" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "problems_location_idx" ON "problems" USING gist (ll_to_earth("lat", "lng")) WHERE "problems"."lat" is not null and "problems"."lng" is not null;--> statement-breakpoint
CREATE INDEX "solutions_location_idx" ON "solutions" USING gist (ll_to_earth("lat", "lng")) WHERE "solutions"."lat" is not null and "solutions"."lng" is not null;--> statement-breakpoint
CREATE INDEX "stories_location_idx" ON "stories" USING gist (ll_to_earth("lat", "lng")) WHERE "stories"."lat" is not null and "stories"."lng" is not null;