CREATE TABLE "utxo_chains" (
	"chain" text PRIMARY KEY NOT NULL,
	"esplora_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utxo_chains_chain_check" CHECK ("utxo_chains"."chain" in ('bitcoin'))
);
