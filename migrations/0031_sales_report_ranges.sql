CREATE INDEX `payments_paid` ON `payments` (`paid_at`) WHERE status = 'paid';--> statement-breakpoint
CREATE INDEX `refunds_at` ON `refunds` (`at`);