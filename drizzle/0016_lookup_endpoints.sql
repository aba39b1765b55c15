CREATE TABLE "lookup_endpoints" (
	"network" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lookup_endpoints_network_check" CHECK ("lookup_endpoints"."network" in ('bitcoin', 'tron', 'solana'))
);
