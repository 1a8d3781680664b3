CREATE TABLE `invoices` (
	`order_id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`counter_name` text NOT NULL,
	`year` integer NOT NULL,
	`seq` integer NOT NULL,
	`cashier_user_id` text NOT NULL,
	`cashier_name` text NOT NULL,
	`issued_at` integer NOT NULL,
	`prints` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_sequence` ON `invoices` (`counter_name`,`year`,`seq`);