CREATE TABLE "job_progress" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"done" integer NOT NULL,
	"total" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_progress_kind_key_pk" PRIMARY KEY("kind","key")
);
