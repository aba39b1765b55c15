CREATE TABLE "imported_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imported_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_id" integer NOT NULL,
	"position" integer NOT NULL,
	"address" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "account_keys" ALTER COLUMN "xpub" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_keys" ADD COLUMN "source" text DEFAULT 'xpub' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_keys" ADD COLUMN "ran_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imported_addresses" ADD CONSTRAINT "imported_addresses_list_id_account_keys_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."account_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imported_addresses_list_position_key" ON "imported_addresses" USING btree ("list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "account_keys_list_family_key" ON "account_keys" USING btree ("family") WHERE "account_keys"."source" = 'list';--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_source_check" CHECK (("account_keys"."source" = 'list') = ("account_keys"."xpub" is null) and ("account_keys"."source" = 'xpub' or "account_keys"."family" = 'tron'));