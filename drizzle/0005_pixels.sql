CREATE TABLE "pixels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pixels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"api_key" text NOT NULL,
	"secondary_key" text,
	"location" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
