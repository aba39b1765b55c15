CREATE TABLE "distribution_rows" (
	"distribution_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"wallet" text,
	"tokens" numeric(38, 6) NOT NULL,
	"units" numeric(78, 0) NOT NULL,
	CONSTRAINT "distribution_rows_distribution_id_user_id_pk" PRIMARY KEY("distribution_id","user_id"),
	CONSTRAINT "distribution_rows_positive" CHECK ("distribution_rows"."tokens" > 0)
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_seq" bigint NOT NULL,
	"up_to_seq" bigint NOT NULL,
	"decimals" integer NOT NULL,
	"chain_id" integer,
	"token_contract" text,
	"merkle_root" text,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributions_up_to_seq_unique" UNIQUE("up_to_seq")
);
--> statement-breakpoint
CREATE TABLE "token_delivery" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"chain_id" integer,
	"token_contract" text,
	"decimals" integer DEFAULT 18 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_delivery_single_row" CHECK ("token_delivery"."id" = 1),
	CONSTRAINT "token_delivery_decimals" CHECK ("token_delivery"."decimals" between 6 and 36)
);
--> statement-breakpoint
ALTER TABLE "distribution_rows" ADD CONSTRAINT "distribution_rows_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_rows" ADD CONSTRAINT "distribution_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_opened_by_operators_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A distribution, once opened, is what was published (its Merkle root, its CSV): never changed.
CREATE FUNCTION distributions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER distributions_append_only BEFORE UPDATE OR DELETE ON distributions FOR EACH ROW EXECUTE FUNCTION distributions_refuse_change();--> statement-breakpoint
CREATE TRIGGER distribution_rows_append_only BEFORE UPDATE OR DELETE ON distribution_rows FOR EACH ROW EXECUTE FUNCTION distributions_refuse_change();
