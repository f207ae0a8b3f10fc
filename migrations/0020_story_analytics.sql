CREATE TABLE "story_analytics" (
	"story_id" text NOT NULL,
	"version" text NOT NULL,
	"entities" jsonb NOT NULL,
	"user_id" text,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_analytics_story_id_version_pk" PRIMARY KEY("story_id","version")
);
--> statement-breakpoint
ALTER TABLE "story_analytics" ADD CONSTRAINT "story_analytics_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_analytics" ADD CONSTRAINT "story_analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;