CREATE TABLE "circle_requests" (
	"circle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invite_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_requests_pkey" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_requests" ADD CONSTRAINT "circle_requests_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_requests" ADD CONSTRAINT "circle_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_requests" ADD CONSTRAINT "circle_requests_invite_id_circle_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."circle_invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_requests_circle_idx" ON "circle_requests" USING btree ("circle_id","created_at");