CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"formatted" text NOT NULL,
	"search_key" text NOT NULL,
	"street_key" text NOT NULL,
	"street_norm" text NOT NULL,
	"unit_norm" text DEFAULT '' NOT NULL,
	"drop_latitude" double precision NOT NULL,
	"drop_longitude" double precision NOT NULL,
	"service_class_id" integer,
	"status" text,
	"needs_ont_install" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renter_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_id" integer NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_classes" (
	"id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"owner_data_required" boolean NOT NULL,
	"renters_allowed" boolean NOT NULL,
	"tribal_question_required" boolean NOT NULL,
	"city_account_required" boolean NOT NULL,
	"installation_scheduling" boolean NOT NULL,
	"activation_date" boolean NOT NULL,
	"installation_fee_waived" boolean NOT NULL,
	"installation_fee_waived_for_tribal_members" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"for_speed_id" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sub_description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"legal_disclaimers" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_rates" (
	"name" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"description" text NOT NULL,
	"item_type" text NOT NULL,
	"item_group" text NOT NULL,
	"billed_by" text NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	"rate_type" text NOT NULL,
	"rate_period" text,
	"rate_term" text,
	"rate_mode" text DEFAULT 'fixed' NOT NULL,
	"rate_min" numeric(10, 2),
	"rate_max" numeric(10, 2),
	"rate_deferred" boolean DEFAULT false NOT NULL,
	"service_class" integer NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"related_item" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"expiration_date" date,
	"legal" text DEFAULT '' NOT NULL,
	"only_city" text
);
--> statement-breakpoint
CREATE TABLE "equipment_stock" (
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"quantity_available" integer NOT NULL,
	"max_per_order" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "equipment_stock_provider_model_pk" PRIMARY KEY("provider","model")
);
--> statement-breakpoint
CREATE TABLE "installation_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" text NOT NULL,
	"address_id" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installation_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"install_type" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "installation_slots_capacity_check" CHECK ("installation_slots"."booked" >= 0 and "installation_slots"."booked" <= "installation_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "installation_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"install_type" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"duration" integer NOT NULL,
	"capacity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_spent" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_provider_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"fname" text NOT NULL,
	"lname" text NOT NULL,
	"parent_origin" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_provider_cards_exp_month_ck" CHECK ("card_provider_cards"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "card_provider_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_provider_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "card_provider_charges_amount_ck" CHECK ("card_provider_charges"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_service_class_id_service_classes_id_fk" FOREIGN KEY ("service_class_id") REFERENCES "public"."service_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_contacts" ADD CONSTRAINT "renter_contacts_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_rates" ADD CONSTRAINT "catalogue_rates_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_bookings" ADD CONSTRAINT "installation_bookings_slot_id_installation_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."installation_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_provider_charges" ADD CONSTRAINT "card_provider_charges_token_card_provider_cards_token_fk" FOREIGN KEY ("token") REFERENCES "public"."card_provider_cards"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_search_key_idx" ON "addresses" USING btree ("search_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "addresses_street_key_idx" ON "addresses" USING btree ("street_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "addresses_street_norm_idx" ON "addresses" USING btree ("street_norm");--> statement-breakpoint
CREATE INDEX "availability_contacts_email_idx" ON "availability_contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "renter_contacts_address_idx" ON "renter_contacts" USING btree ("address_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_products_key_idx" ON "catalogue_products" USING btree ("provider","kind","key","for_speed_id");--> statement-breakpoint
CREATE INDEX "catalogue_rates_product_idx" ON "catalogue_rates" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "installation_bookings_slot_idx" ON "installation_bookings" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "installation_slots_lookup_idx" ON "installation_slots" USING btree ("provider","install_type","date");--> statement-breakpoint
CREATE UNIQUE INDEX "installation_windows_key_idx" ON "installation_windows" USING btree ("provider","install_type","weekday","start_time");--> statement-breakpoint
CREATE INDEX "captcha_spent_expires_idx" ON "captcha_spent" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "card_provider_charges_token_idx" ON "card_provider_charges" USING btree ("token");