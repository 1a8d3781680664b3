CREATE TABLE `customer_displays` (
	`id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`pairing_code` text,
	`code_expires_at` integer NOT NULL,
	`user_id` text,
	`paired_at` integer,
	`last_seen_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_displays_key_hash_unique` ON `customer_displays` (`key_hash`);--> statement-breakpoint
CREATE INDEX `customer_displays_code` ON `customer_displays` (`pairing_code`);--> statement-breakpoint
CREATE INDEX `customer_displays_user` ON `customer_displays` (`user_id`);