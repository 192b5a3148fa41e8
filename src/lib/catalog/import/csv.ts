// A small RFC 4180 CSV reader (quoted fields, doubled quotes, line breaks inside quotes). Our own
// forty lines instead of a dependency; it yields records with the line number they started on.

export type CsvRow = { line: number; fields: string[] };

export async function* readCsvRows(chunks: AsyncIterable<string>): AsyncGenerator<CsvRow> {
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  let quotePending = false; // saw a quote inside a quoted field: end of field or escaped quote
  let line = 1;
  let rowLine = 1;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      if (inQuotes) {
        if (quotePending) {
          quotePending = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          inQuotes = false; // fall through: ch is handled as outside quotes
        } else if (ch === '"') {
          quotePending = true;
          continue;
        } else {
          if (ch === '\n') line++;
          field += ch;
          continue;
        }
      }
      if (ch === '"' && field === '') inQuotes = true;
      else if (ch === ',') {
        fields.push(field);
        field = '';
      } else if (ch === '\n') {
        fields.push(field.endsWith('\r') ? field.slice(0, -1) : field);
        if (!(fields.length === 1 && fields[0] === '')) yield { line: rowLine, fields };
        fields = [];
        field = '';
        line++;
        rowLine = line;
      } else field += ch;
    }
  }
  if (quotePending) inQuotes = false;
  if (inQuotes) throw new Error(`line ${rowLine}: unterminated quoted field`);
  if (field !== '' || fields.length > 0) {
    fields.push(field.endsWith('\r') ? field.slice(0, -1) : field);
    yield { line: rowLine, fields };
  }
}
