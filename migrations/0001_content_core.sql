CREATE TABLE "problem_departures" (
	"id" text PRIMARY KEY NOT NULL,
	"problem_id" text NOT NULL,
	"user_id" text NOT NULL,
	"emoji" text,
	"leaving_comment" text,
	"solutions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_measurements" (
	"id" text PRIMARY KEY NOT NULL,
	"problem_id" text NOT NULL,
	"author_id" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"measured_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_participants" (
	"problem_id" text NOT NULL,
	"user_id" text NOT NULL,
	"priority" integer,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "problem_participants_problem_id_user_id_pk" PRIMARY KEY("problem_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "problem_parts" (
	"id" text PRIMARY KEY NOT NULL,
	"problem_id" text NOT NULL,
	"author_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_status_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"problem_id" text NOT NULL,
	"actor_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" text PRIMARY KEY NOT NULL,
	"space_id" text NOT NULL,
	"author_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'unsolved' NOT NULL,
	"status_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"is_anonymous_post" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"total_comments" integer DEFAULT 0 NOT NULL,
	"total_participants" integer DEFAULT 0 NOT NULL,
	"total_stories" integer DEFAULT 0 NOT NULL,
	"total_solutions" integer DEFAULT 0 NOT NULL,
	"total_recipes" integer DEFAULT 0 NOT NULL,
	"total_solvers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_members" (
	"skill_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_members_skill_id_user_id_pk" PRIMARY KEY("skill_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" text PRIMARY KEY NOT NULL,
	"space_id" text NOT NULL,
	"author_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_anonymous_post" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"total_participants" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_solutions" (
	"problem_id" text NOT NULL,
	"solution_id" text NOT NULL,
	"linked_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "problem_solutions_problem_id_solution_id_pk" PRIMARY KEY("problem_id","solution_id")
);
--> statement-breakpoint
CREATE TABLE "solution_votes" (
	"solution_id" text NOT NULL,
	"user_id" text NOT NULL,
	"direction" text NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solution_votes_solution_id_user_id_pk" PRIMARY KEY("solution_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "solutions" (
	"id" text PRIMARY KEY NOT NULL,
	"space_id" text NOT NULL,
	"author_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_anonymous_post" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"total_comments" integer DEFAULT 0 NOT NULL,
	"total_problems" integer DEFAULT 0 NOT NULL,
	"total_upvotes" integer DEFAULT 0 NOT NULL,
	"total_downvotes" integer DEFAULT 0 NOT NULL,
	"total_outcomes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_participants" (
	"space_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_participants_space_id_user_id_pk" PRIMARY KEY("space_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_spaces" (
	"user_id" text NOT NULL,
	"space_id" text NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"notifications" boolean DEFAULT false NOT NULL,
	"last_visited_at" timestamp (3) with time zone,
	CONSTRAINT "user_spaces_user_id_space_id_pk" PRIMARY KEY("user_id","space_id")
);
--> statement-breakpoint
CREATE TABLE "notification_tags" (
	"user_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_tags_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "space_tags" (
	"space_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"total_stories" integer DEFAULT 0 NOT NULL,
	"total_problems" integer DEFAULT 0 NOT NULL,
	"total_solutions" integer DEFAULT 0 NOT NULL,
	"first_used_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_tags_space_id_tag_id_pk" PRIMARY KEY("space_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tag_follows" (
	"user_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_follows_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
DROP INDEX "stories_feed_idx";--> statement-breakpoint
DROP INDEX "stories_author_idx";--> statement-breakpoint
ALTER TABLE "spaces" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "spaces" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "tags" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tags" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "kind" text DEFAULT 'global' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "problem_id" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "total_followers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_departures" ADD CONSTRAINT "problem_departures_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_departures" ADD CONSTRAINT "problem_departures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_measurements" ADD CONSTRAINT "problem_measurements_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_measurements" ADD CONSTRAINT "problem_measurements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_participants" ADD CONSTRAINT "problem_participants_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_participants" ADD CONSTRAINT "problem_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_parts" ADD CONSTRAINT "problem_parts_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_parts" ADD CONSTRAINT "problem_parts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_status_activity" ADD CONSTRAINT "problem_status_activity_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_status_activity" ADD CONSTRAINT "problem_status_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_members" ADD CONSTRAINT "skill_members_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_members" ADD CONSTRAINT "skill_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_solutions" ADD CONSTRAINT "problem_solutions_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_solutions" ADD CONSTRAINT "problem_solutions_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_solutions" ADD CONSTRAINT "problem_solutions_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_votes" ADD CONSTRAINT "solution_votes_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_votes" ADD CONSTRAINT "solution_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_participants" ADD CONSTRAINT "space_participants_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_participants" ADD CONSTRAINT "space_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_participants" ADD CONSTRAINT "space_participants_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_spaces" ADD CONSTRAINT "user_spaces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_spaces" ADD CONSTRAINT "user_spaces_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_tags" ADD CONSTRAINT "notification_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_tags" ADD CONSTRAINT "notification_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_tags" ADD CONSTRAINT "space_tags_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_tags" ADD CONSTRAINT "space_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_follows" ADD CONSTRAINT "tag_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_follows" ADD CONSTRAINT "tag_follows_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "problem_measurements_idx" ON "problem_measurements" USING btree ("problem_id","measured_at");--> statement-breakpoint
CREATE INDEX "problem_participants_user_idx" ON "problem_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "problem_parts_problem_idx" ON "problem_parts" USING btree ("problem_id","type");--> statement-breakpoint
CREATE INDEX "problem_status_activity_idx" ON "problem_status_activity" USING btree ("problem_id","created_at");--> statement-breakpoint
CREATE INDEX "problems_space_recent_idx" ON "problems" USING btree ("space_id","created_at","id");--> statement-breakpoint
CREATE INDEX "problems_author_idx" ON "problems" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "problems_tags_idx" ON "problems" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "skill_members_user_idx" ON "skill_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "skills_space_recent_idx" ON "skills" USING btree ("space_id","created_at","id");--> statement-breakpoint
CREATE INDEX "skills_author_idx" ON "skills" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "problem_solutions_solution_idx" ON "problem_solutions" USING btree ("solution_id");--> statement-breakpoint
CREATE INDEX "solution_votes_user_idx" ON "solution_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "solutions_space_recent_idx" ON "solutions" USING btree ("space_id","created_at","id");--> statement-breakpoint
CREATE INDEX "solutions_author_idx" ON "solutions" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "solutions_tags_idx" ON "solutions" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "space_participants_user_idx" ON "space_participants" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "user_spaces_recent_idx" ON "user_spaces" USING btree ("user_id","last_visited_at" desc nulls last);--> statement-breakpoint
CREATE INDEX "tag_follows_tag_idx" ON "tag_follows" USING btree ("tag_id");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spaces_kind_idx" ON "spaces" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "stories_problem_idx" ON "stories" USING btree ("problem_id","created_at");--> statement-breakpoint
CREATE INDEX "tags_followers_idx" ON "tags" USING btree ("total_followers","id");--> statement-breakpoint
CREATE INDEX "stories_feed_idx" ON "stories" USING btree ("space_id","created_at","id") WHERE "stories"."is_draft" = false and "stories"."is_approved" = true;--> statement-breakpoint
CREATE INDEX "stories_author_idx" ON "stories" USING btree ("author_id","created_at","id");--> statement-breakpoint
UPDATE "spaces" SET "kind" = 'global' WHERE "id" = 'ww';--> statement-breakpoint
-- The fixed skills space (shown as coming soon in the menu).
INSERT INTO "spaces" ("id", "name", "code", "kind", "is_private") VALUES ('skills', 'Skills', NULL, 'skills', false) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- One space per ISO 3166-1 country; the id is the lower-case code. Names in English: the client
-- shows them in the reader's language with Intl.DisplayNames.
INSERT INTO "spaces" ("id", "name", "code", "kind", "is_private") VALUES
('ad', 'Andorra', 'ad', 'country', false),
('ae', 'United Arab Emirates', 'ae', 'country', false),
('af', 'Afghanistan', 'af', 'country', false),
('ag', 'Antigua & Barbuda', 'ag', 'country', false),
('ai', 'Anguilla', 'ai', 'country', false),
('al', 'Albania', 'al', 'country', false),
('am', 'Armenia', 'am', 'country', false),
('ao', 'Angola', 'ao', 'country', false),
('aq', 'Antarctica', 'aq', 'country', false),
('ar', 'Argentina', 'ar', 'country', false),
('as', 'American Samoa', 'as', 'country', false),
('at', 'Austria', 'at', 'country', false),
('au', 'Australia', 'au', 'country', false),
('aw', 'Aruba', 'aw', 'country', false),
('ax', 'Åland Islands', 'ax', 'country', false),
('az', 'Azerbaijan', 'az', 'country', false),
('ba', 'Bosnia & Herzegovina', 'ba', 'country', false),
('bb', 'Barbados', 'bb', 'country', false),
('bd', 'Bangladesh', 'bd', 'country', false),
('be', 'Belgium', 'be', 'country', false),
('bf', 'Burkina Faso', 'bf', 'country', false),
('bg', 'Bulgaria', 'bg', 'country', false),
('bh', 'Bahrain', 'bh', 'country', false),
('bi', 'Burundi', 'bi', 'country', false),
('bj', 'Benin', 'bj', 'country', false),
('bl', 'St. Barthélemy', 'bl', 'country', false),
('bm', 'Bermuda', 'bm', 'country', false),
('bn', 'Brunei', 'bn', 'country', false),
('bo', 'Bolivia', 'bo', 'country', false),
('bq', 'Caribbean Netherlands', 'bq', 'country', false),
('br', 'Brazil', 'br', 'country', false),
('bs', 'Bahamas', 'bs', 'country', false),
('bt', 'Bhutan', 'bt', 'country', false),
('bv', 'Bouvet Island', 'bv', 'country', false),
('bw', 'Botswana', 'bw', 'country', false),
('by', 'Belarus', 'by', 'country', false),
('bz', 'Belize', 'bz', 'country', false),
('ca', 'Canada', 'ca', 'country', false),
('cc', 'Cocos (Keeling) Islands', 'cc', 'country', false),
('cd', 'Congo - Kinshasa', 'cd', 'country', false),
('cf', 'Central African Republic', 'cf', 'country', false),
('cg', 'Congo - Brazzaville', 'cg', 'country', false),
('ch', 'Switzerland', 'ch', 'country', false),
('ci', 'Côte d’Ivoire', 'ci', 'country', false),
('ck', 'Cook Islands', 'ck', 'country', false),
('cl', 'Chile', 'cl', 'country', false),
('cm', 'Cameroon', 'cm', 'country', false),
('cn', 'China', 'cn', 'country', false),
('co', 'Colombia', 'co', 'country', false),
('cr', 'Costa Rica', 'cr', 'country', false),
('cu', 'Cuba', 'cu', 'country', false),
('cv', 'Cape Verde', 'cv', 'country', false),
('cw', 'Curaçao', 'cw', 'country', false),
('cx', 'Christmas Island', 'cx', 'country', false),
('cy', 'Cyprus', 'cy', 'country', false),
('cz', 'Czechia', 'cz', 'country', false),
('de', 'Germany', 'de', 'country', false),
('dj', 'Djibouti', 'dj', 'country', false),
('dk', 'Denmark', 'dk', 'country', false),
('dm', 'Dominica', 'dm', 'country', false),
('do', 'Dominican Republic', 'do', 'country', false),
('dz', 'Algeria', 'dz', 'country', false),
('ec', 'Ecuador', 'ec', 'country', false),
('ee', 'Estonia', 'ee', 'country', false),
('eg', 'Egypt', 'eg', 'country', false),
('eh', 'Western Sahara', 'eh', 'country', false),
('er', 'Eritrea', 'er', 'country', false),
('es', 'Spain', 'es', 'country', false),
('et', 'Ethiopia', 'et', 'country', false),
('fi', 'Finland', 'fi', 'country', false),
('fj', 'Fiji', 'fj', 'country', false),
('fk', 'Falkland Islands', 'fk', 'country', false),
('fm', 'Micronesia', 'fm', 'country', false),
('fo', 'Faroe Islands', 'fo', 'country', false),
('fr', 'France', 'fr', 'country', false),
('ga', 'Gabon', 'ga', 'country', false),
('gb', 'United Kingdom', 'gb', 'country', false),
('gd', 'Grenada', 'gd', 'country', false),
('ge', 'Georgia', 'ge', 'country', false),
('gf', 'French Guiana', 'gf', 'country', false),
('gg', 'Guernsey', 'gg', 'country', false),
('gh', 'Ghana', 'gh', 'country', false),
('gi', 'Gibraltar', 'gi', 'country', false),
('gl', 'Greenland', 'gl', 'country', false),
('gm', 'Gambia', 'gm', 'country', false),
('gn', 'Guinea', 'gn', 'country', false),
('gp', 'Guadeloupe', 'gp', 'country', false),
('gq', 'Equatorial Guinea', 'gq', 'country', false),
('gr', 'Greece', 'gr', 'country', false),
('gs', 'South Georgia & South Sandwich Islands', 'gs', 'country', false),
('gt', 'Guatemala', 'gt', 'country', false),
('gu', 'Guam', 'gu', 'country', false),
('gw', 'Guinea-Bissau', 'gw', 'country', false),
('gy', 'Guyana', 'gy', 'country', false),
('hk', 'Hong Kong SAR China', 'hk', 'country', false),
('hm', 'Heard & McDonald Islands', 'hm', 'country', false),
('hn', 'Honduras', 'hn', 'country', false),
('hr', 'Croatia', 'hr', 'country', false),
('ht', 'Haiti', 'ht', 'country', false),
('hu', 'Hungary', 'hu', 'country', false),
('id', 'Indonesia', 'id', 'country', false),
('ie', 'Ireland', 'ie', 'country', false),
('il', 'Israel', 'il', 'country', false),
('im', 'Isle of Man', 'im', 'country', false),
('in', 'India', 'in', 'country', false),
('io', 'British Indian Ocean Territory', 'io', 'country', false),
('iq', 'Iraq', 'iq', 'country', false),
('ir', 'Iran', 'ir', 'country', false),
('is', 'Iceland', 'is', 'country', false),
('it', 'Italy', 'it', 'country', false),
('je', 'Jersey', 'je', 'country', false),
('jm', 'Jamaica', 'jm', 'country', false),
('jo', 'Jordan', 'jo', 'country', false),
('jp', 'Japan', 'jp', 'country', false),
('ke', 'Kenya', 'ke', 'country', false),
('kg', 'Kyrgyzstan', 'kg', 'country', false),
('kh', 'Cambodia', 'kh', 'country', false),
('ki', 'Kiribati', 'ki', 'country', false),
('km', 'Comoros', 'km', 'country', false),
('kn', 'St. Kitts & Nevis', 'kn', 'country', false),
('kp', 'North Korea', 'kp', 'country', false),
('kr', 'South Korea', 'kr', 'country', false),
('kw', 'Kuwait', 'kw', 'country', false),
('ky', 'Cayman Islands', 'ky', 'country', false),
('kz', 'Kazakhstan', 'kz', 'country', false),
('la', 'Laos', 'la', 'country', false),
('lb', 'Lebanon', 'lb', 'country', false),
('lc', 'St. Lucia', 'lc', 'country', false),
('li', 'Liechtenstein', 'li', 'country', false),
('lk', 'Sri Lanka', 'lk', 'country', false),
('lr', 'Liberia', 'lr', 'country', false),
('ls', 'Lesotho', 'ls', 'country', false),
('lt', 'Lithuania', 'lt', 'country', false),
('lu', 'Luxembourg', 'lu', 'country', false),
('lv', 'Latvia', 'lv', 'country', false),
('ly', 'Libya', 'ly', 'country', false),
('ma', 'Morocco', 'ma', 'country', false),
('mc', 'Monaco', 'mc', 'country', false),
('md', 'Moldova', 'md', 'country', false),
('me', 'Montenegro', 'me', 'country', false),
('mf', 'St. Martin', 'mf', 'country', false),
('mg', 'Madagascar', 'mg', 'country', false),
('mh', 'Marshall Islands', 'mh', 'country', false),
('mk', 'North Macedonia', 'mk', 'country', false),
('ml', 'Mali', 'ml', 'country', false),
('mm', 'Myanmar (Burma)', 'mm', 'country', false),
('mn', 'Mongolia', 'mn', 'country', false),
('mo', 'Macao SAR China', 'mo', 'country', false),
('mp', 'Northern Mariana Islands', 'mp', 'country', false),
('mq', 'Martinique', 'mq', 'country', false),
('mr', 'Mauritania', 'mr', 'country', false),
('ms', 'Montserrat', 'ms', 'country', false),
('mt', 'Malta', 'mt', 'country', false),
('mu', 'Mauritius', 'mu', 'country', false),
('mv', 'Maldives', 'mv', 'country', false),
('mw', 'Malawi', 'mw', 'country', false),
('mx', 'Mexico', 'mx', 'country', false),
('my', 'Malaysia', 'my', 'country', false),
('mz', 'Mozambique', 'mz', 'country', false),
('na', 'Namibia', 'na', 'country', false),
('nc', 'New Caledonia', 'nc', 'country', false),
('ne', 'Niger', 'ne', 'country', false),
('nf', 'Norfolk Island', 'nf', 'country', false),
('ng', 'Nigeria', 'ng', 'country', false),
('ni', 'Nicaragua', 'ni', 'country', false),
('nl', 'Netherlands', 'nl', 'country', false),
('no', 'Norway', 'no', 'country', false),
('np', 'Nepal', 'np', 'country', false),
('nr', 'Nauru', 'nr', 'country', false),
('nu', 'Niue', 'nu', 'country', false),
('nz', 'New Zealand', 'nz', 'country', false),
('om', 'Oman', 'om', 'country', false),
('pa', 'Panama', 'pa', 'country', false),
('pe', 'Peru', 'pe', 'country', false),
('pf', 'French Polynesia', 'pf', 'country', false),
('pg', 'Papua New Guinea', 'pg', 'country', false),
('ph', 'Philippines', 'ph', 'country', false),
('pk', 'Pakistan', 'pk', 'country', false),
('pl', 'Poland', 'pl', 'country', false),
('pm', 'St. Pierre & Miquelon', 'pm', 'country', false),
('pn', 'Pitcairn Islands', 'pn', 'country', false),
('pr', 'Puerto Rico', 'pr', 'country', false),
('ps', 'Palestinian Territories', 'ps', 'country', false),
('pt', 'Portugal', 'pt', 'country', false),
('pw', 'Palau', 'pw', 'country', false),
('py', 'Paraguay', 'py', 'country', false),
('qa', 'Qatar', 'qa', 'country', false),
('re', 'Réunion', 're', 'country', false),
('ro', 'Romania', 'ro', 'country', false),
('rs', 'Serbia', 'rs', 'country', false),
('ru', 'Russia', 'ru', 'country', false),
('rw', 'Rwanda', 'rw', 'country', false),
('sa', 'Saudi Arabia', 'sa', 'country', false),
('sb', 'Solomon Islands', 'sb', 'country', false),
('sc', 'Seychelles', 'sc', 'country', false),
('sd', 'Sudan', 'sd', 'country', false),
('se', 'Sweden', 'se', 'country', false),
('sg', 'Singapore', 'sg', 'country', false),
('sh', 'St. Helena', 'sh', 'country', false),
('si', 'Slovenia', 'si', 'country', false),
('sj', 'Svalbard & Jan Mayen', 'sj', 'country', false),
('sk', 'Slovakia', 'sk', 'country', false),
('sl', 'Sierra Leone', 'sl', 'country', false),
('sm', 'San Marino', 'sm', 'country', false),
('sn', 'Senegal', 'sn', 'country', false),
('so', 'Somalia', 'so', 'country', false),
('sr', 'Suriname', 'sr', 'country', false),
('ss', 'South Sudan', 'ss', 'country', false),
('st', 'São Tomé & Príncipe', 'st', 'country', false),
('sv', 'El Salvador', 'sv', 'country', false),
('sx', 'Sint Maarten', 'sx', 'country', false),
('sy', 'Syria', 'sy', 'country', false),
('sz', 'Eswatini', 'sz', 'country', false),
('tc', 'Turks & Caicos Islands', 'tc', 'country', false),
('td', 'Chad', 'td', 'country', false),
('tf', 'French Southern Territories', 'tf', 'country', false),
('tg', 'Togo', 'tg', 'country', false),
('th', 'Thailand', 'th', 'country', false),
('tj', 'Tajikistan', 'tj', 'country', false),
('tk', 'Tokelau', 'tk', 'country', false),
('tl', 'Timor-Leste', 'tl', 'country', false),
('tm', 'Turkmenistan', 'tm', 'country', false),
('tn', 'Tunisia', 'tn', 'country', false),
('to', 'Tonga', 'to', 'country', false),
('tr', 'Türkiye', 'tr', 'country', false),
('tt', 'Trinidad & Tobago', 'tt', 'country', false),
('tv', 'Tuvalu', 'tv', 'country', false),
('tw', 'Taiwan', 'tw', 'country', false),
('tz', 'Tanzania', 'tz', 'country', false),
('ua', 'Ukraine', 'ua', 'country', false),
('ug', 'Uganda', 'ug', 'country', false),
('um', 'U.S. Outlying Islands', 'um', 'country', false),
('us', 'United States', 'us', 'country', false),
('uy', 'Uruguay', 'uy', 'country', false),
('uz', 'Uzbekistan', 'uz', 'country', false),
('va', 'Vatican City', 'va', 'country', false),
('vc', 'St. Vincent & Grenadines', 'vc', 'country', false),
('ve', 'Venezuela', 've', 'country', false),
('vg', 'British Virgin Islands', 'vg', 'country', false),
('vi', 'U.S. Virgin Islands', 'vi', 'country', false),
('vn', 'Vietnam', 'vn', 'country', false),
('vu', 'Vanuatu', 'vu', 'country', false),
('wf', 'Wallis & Futuna', 'wf', 'country', false),
('ws', 'Samoa', 'ws', 'country', false),
('ye', 'Yemen', 'ye', 'country', false),
('yt', 'Mayotte', 'yt', 'country', false),
('za', 'South Africa', 'za', 'country', false),
('zm', 'Zambia', 'zm', 'country', false),
('zw', 'Zimbabwe', 'zw', 'country', false)
ON CONFLICT DO NOTHING;
