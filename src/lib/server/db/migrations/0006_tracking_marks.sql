CREATE TABLE "tracking_marks" (
	"day" integer NOT NULL,
	"client" text NOT NULL,
	"m_key" text NOT NULL,
	"m_type" text NOT NULL,
	"counter" text NOT NULL,
	CONSTRAINT "tracking_marks_day_client_m_key_m_type_counter_pk" PRIMARY KEY("day","client","m_key","m_type","counter")
);
