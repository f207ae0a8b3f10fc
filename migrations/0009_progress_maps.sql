CREATE TABLE "map_collaborators" (
	"map_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "map_collaborators_map_id_user_id_pk" PRIMARY KEY("map_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" text PRIMARY KEY NOT NULL,
	"space_id" text NOT NULL,
	"author_id" text NOT NULL,
	"problem_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"graph_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"copy_enabled" boolean DEFAULT true NOT NULL,
	"clds_enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"filters" jsonb DEFAULT '{"statuses":[],"timeRange":"alltime","startDate":null,"endDate":null,"tags":[]}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{"showBackgroundImage":false,"backgroundImage":null,"customBackgroundColor":false,"backgroundColor":"#f9f9f9","showLinkLabels":true,"showParticipants":false,"showSpaceSolutions":true,"showTags":false,"nodeFontSize":8,"nodeSize":10}'::jsonb NOT NULL,
	"layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"positions2d" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"positions3d" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"excluded" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zoom_level" double precision,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waypoints" (
	"id" text PRIMARY KEY NOT NULL,
	"map_id" text NOT NULL,
	"space_id" text NOT NULL,
	"author_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "map_collaborators" ADD CONSTRAINT "map_collaborators_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_collaborators" ADD CONSTRAINT "map_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waypoints" ADD CONSTRAINT "waypoints_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waypoints" ADD CONSTRAINT "waypoints_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waypoints" ADD CONSTRAINT "waypoints_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_collaborators_user_idx" ON "map_collaborators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "maps_space_recent_idx" ON "maps" USING btree ("space_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "maps_space_name_idx" ON "maps" USING btree ("space_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "maps_author_idx" ON "maps" USING btree ("author_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "maps_problem_idx" ON "maps" USING btree ("problem_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "waypoints_author_idx" ON "waypoints" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "waypoints_space_idx" ON "waypoints" USING btree ("space_id","created_at","id");--> statement-breakpoint
CREATE INDEX "waypoints_map_idx" ON "waypoints" USING btree ("map_id","created_at");--> statement-breakpoint
-- Bookmarks name a map as item type 'views' (its REST collection): a deleted map takes them with
-- it, as every bookmarkable item does (migrations 0003 and 0005), also when its space or author
-- goes and the deletion cascades.
CREATE TRIGGER "maps_delete_engagement" AFTER DELETE ON "maps" FOR EACH ROW EXECUTE FUNCTION "delete_engagement_of_item"('views');
