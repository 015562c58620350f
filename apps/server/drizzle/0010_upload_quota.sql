CREATE TABLE "uploads" (
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_name_blobs_name_fk" FOREIGN KEY ("name") REFERENCES "public"."blobs"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_name_idx" ON "uploads" USING btree ("name");