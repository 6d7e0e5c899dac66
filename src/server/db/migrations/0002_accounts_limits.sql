CREATE TABLE "sign_in_addresses" (
	"user_id" text NOT NULL,
	"ip" text NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_ip_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
CREATE TABLE "signup_grants" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;