CREATE TABLE "resume_originals" (
	"resume_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"document_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "resume_id" integer;--> statement-breakpoint
ALTER TABLE "resumes" ADD COLUMN "review" jsonb;--> statement-breakpoint
ALTER TABLE "resume_originals" ADD CONSTRAINT "resume_originals_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolios_resume_idx" ON "portfolios" USING btree ("resume_id");