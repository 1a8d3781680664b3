CREATE INDEX `orders_event_name_email` ON `orders` (`event_id`,`customer_name`,`customer_email`);--> statement-breakpoint
CREATE INDEX `orders_identity_ending` ON `orders` ("identity_number" % 10000);--> statement-breakpoint
CREATE INDEX `orders_phone_ending` ON `orders` ("customer_phone" % 10000);