CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`last_used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `event_grants` (
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`permission` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `event_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `event_grants_event` ON `event_grants` (`event_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`organizer_name` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`terms` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`maps_link` text DEFAULT '' NOT NULL,
	`banner_url` text DEFAULT '' NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`timezone` text NOT NULL,
	`status` text NOT NULL,
	`is_public` integer NOT NULL,
	`fee_bearer` text NOT NULL,
	`fee_rate_bp` integer DEFAULT 0 NOT NULL,
	`fee_flat` integer DEFAULT 0 NOT NULL,
	`event_type_id` text NOT NULL,
	`category_id` text NOT NULL,
	`subcategory_id` text NOT NULL,
	`is_featured` integer NOT NULL,
	`is_transferable` integer NOT NULL,
	`transfer_deadline` integer NOT NULL,
	`quota` integer NOT NULL,
	`min_price` integer NOT NULL,
	`max_price` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_slug_unique` ON `events` (`slug`);--> statement-breakpoint
CREATE INDEX `events_owner` ON `events` (`owner_id`);--> statement-breakpoint
CREATE INDEX `events_created` ON `events` (`created_at`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`principal` text NOT NULL,
	`key` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`body_hash` text NOT NULL,
	`status_code` integer,
	`response_body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`principal`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_created` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`ticket_category_id` text NOT NULL,
	`name` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ticket_category_id`) REFERENCES `ticket_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_items_order` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`ticket_category_id` text NOT NULL,
	`buyer_user_id` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`subtotal` integer NOT NULL,
	`fee_total` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_gender` text NOT NULL,
	`customer_birth_date` text NOT NULL,
	`identity_number` text NOT NULL,
	`form_data` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ticket_category_id`) REFERENCES `ticket_categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_identity_live` ON `orders` (`event_id`,`identity_number`) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX `orders_event_created` ON `orders` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_event_total` ON `orders` (`event_id`,`total_amount`);--> statement-breakpoint
CREATE INDEX `orders_event_status` ON `orders` (`event_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_buyer` ON `orders` (`buyer_user_id`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`event_id` text NOT NULL,
	`ticket_category_id` text NOT NULL,
	`user_id` text NOT NULL,
	`ticket_number` text NOT NULL,
	`status` text NOT NULL,
	`identity_number` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`gender` text NOT NULL,
	`birth_date` text NOT NULL,
	`form_data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ticket_category_id`) REFERENCES `ticket_categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participants_ticket_number` ON `participants` (`event_id`,`ticket_number`);--> statement-breakpoint
CREATE INDEX `participants_order` ON `participants` (`order_id`);--> statement-breakpoint
CREATE TABLE `ticket_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`quota` integer NOT NULL,
	`sold` integer DEFAULT 0 NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	`sale_start_at` integer NOT NULL,
	`sale_end_at` integer NOT NULL,
	`price` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ticket_categories_event` ON `ticket_categories` (`event_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);