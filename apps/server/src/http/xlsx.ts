import ExcelJS from 'exceljs';

/** A download of one worksheet: its columns (header, key, width) and one row per object, by key. */
export async function oneSheetXlsx(
  sheetName: string,
  columns: Partial<ExcelJS.Column>[],
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns;
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
