import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { FALLBACK_FACES, type FontFamily, fontFace } from "#server/pdf/fonts";
import type { InvoiceAssets } from "./assets.js";
import type { InvoiceView } from "./invoice.js";

const PRIMARY = "#1E3A8A";
const ACCENT = "#2DD4BF";
const MUTED = "#555555";

const registered = new Set<string>();
function registerFace(family: string, regular: string, bold: string) {
  if (registered.has(family)) return;
  Font.register({
    family,
    fonts: [
      { src: regular, fontWeight: 400 },
      { src: bold, fontWeight: 700 },
    ],
  });
  registered.add(family);
}

/** Registers the family and the fallbacks; returns the fontFamily list react-pdf substitutes along. */
export function registerReactPdfFonts(family: FontFamily): string[] {
  const face = fontFace(family);
  registerFace(family, face.regular, face.bold);
  for (const fallback of FALLBACK_FACES) registerFace(fallback.name, fallback.regular, fallback.bold);
  // Words are never hyphenated on an invoice (and the hyphenator costs time).
  Font.registerHyphenationCallback((word: string) => [word]);
  return [family, ...FALLBACK_FACES.map((fallback) => fallback.name)];
}

const s = StyleSheet.create({
  page: { padding: 36, fontSize: 8.5, color: "#000" },
  row: { flexDirection: "row" },
  muted: { color: MUTED },
  bold: { fontWeight: 700 },
  label: { fontSize: 7.5, fontWeight: 700, color: MUTED, marginBottom: 2 },
  companyName: { fontSize: 14, fontWeight: 700, color: PRIMARY, marginBottom: 3 },
  title: { fontSize: 18, fontWeight: 700, color: PRIMARY, textAlign: "right", marginBottom: 6 },
  rule: { height: 1.5, backgroundColor: ACCENT, marginTop: 10, marginBottom: 8 },
  th: { backgroundColor: PRIMARY, color: "white", fontWeight: 700, fontSize: 7.5, paddingVertical: 4 },
  td: { fontSize: 7.8, paddingVertical: 3.5 },
  zebra: { backgroundColor: "#F3F6FB" },
  cell: { paddingHorizontal: 3 },
  total: { backgroundColor: PRIMARY, color: "white", fontWeight: 700, padding: 5, marginTop: 4 },
});

const COLUMNS: { key: keyof InvoiceView["lines"][number]; title: string; width: number; right?: boolean }[] =
  [
    { key: "index", title: "#", width: 18 },
    { key: "description", title: "Item", width: 175 },
    { key: "hsn", title: "HSN/SAC", width: 50 },
    { key: "qty", title: "Qty", width: 28, right: true },
    { key: "unit", title: "Unit", width: 34 },
    { key: "rate", title: "Rate", width: 60, right: true },
    { key: "discount", title: "Disc.", width: 34, right: true },
    { key: "tax", title: "GST", width: 30, right: true },
    { key: "amount", title: "Amount", width: 94, right: true },
  ];

function InvoiceDocument({
  invoice,
  assets,
  fontFamily,
}: {
  invoice: InvoiceView;
  assets: InvoiceAssets;
  fontFamily: string[];
}) {
  return (
    <Document title={`Invoice ${invoice.invoiceNumber}`} producer="Bahi">
      <Page size="A4" style={[s.page, { fontFamily }]}>
        <View style={[s.row, { justifyContent: "space-between" }]}>
          <View style={s.row}>
            <Image src={assets.logoPng} style={{ width: 56, height: 56, marginRight: 10 }} />
            <View>
              <Text style={s.companyName}>{invoice.company.name}</Text>
              {invoice.company.lines.map((line) => (
                <Text key={line} style={s.muted}>
                  {line}
                </Text>
              ))}
            </View>
          </View>
          <View style={{ width: 180 }}>
            <Text style={s.title}>{invoice.title}</Text>
            {[
              ["Invoice no.", invoice.invoiceNumber],
              ["Invoice date", invoice.invoiceDate],
              ["Due date", invoice.dueDate],
            ].map(([label, value]) => (
              <View key={label} style={[s.row, { justifyContent: "space-between" }]}>
                <Text style={s.muted}>{label}</Text>
                <Text style={s.bold}>{value}</Text>
              </View>
            ))}
          </View>
        </View>
        <View style={s.rule} />
        <Text style={s.label}>BILL TO</Text>
        <Text style={{ fontSize: 11, fontWeight: 700, marginBottom: 2 }}>{invoice.client.name}</Text>
        {invoice.client.lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        <View style={[s.row, s.th, { marginTop: 8 }]}>
          {COLUMNS.map((c) => (
            <Text key={c.key} style={[s.cell, { width: c.width, textAlign: c.right ? "right" : "left" }]}>
              {c.title}
            </Text>
          ))}
        </View>
        {invoice.lines.map((line, row) => (
          <View key={line.index} style={row % 2 ? [s.row, s.td, s.zebra] : [s.row, s.td]}>
            {COLUMNS.map((c) => (
              <Text key={c.key} style={[s.cell, { width: c.width, textAlign: c.right ? "right" : "left" }]}>
                {line[c.key]}
              </Text>
            ))}
          </View>
        ))}
        <View style={[s.row, { justifyContent: "space-between", marginTop: 10 }]}>
          <View style={{ width: 240 }}>
            <Text style={s.label}>TAX SUMMARY</Text>
            {[{ label: "Tax", taxable: "Taxable value", tax: "Tax amount" }, ...invoice.taxSummary].map(
              (slab, i) => (
                <View key={slab.label} style={[s.row, { fontSize: 7.5 }, i === 0 ? s.bold : {}]}>
                  <Text style={{ width: 60 }}>{slab.label}</Text>
                  <Text style={{ width: 90, textAlign: "right" }}>{slab.taxable}</Text>
                  <Text style={{ width: 80, textAlign: "right" }}>{slab.tax}</Text>
                </View>
              ),
            )}
          </View>
          <View style={{ width: 225 }}>
            {invoice.totals.map((total) => (
              <View key={total.label} style={[s.row, { justifyContent: "space-between", marginBottom: 2 }]}>
                <Text style={s.muted}>{total.label}</Text>
                <Text>{total.value}</Text>
              </View>
            ))}
            <View style={[s.row, s.total, { justifyContent: "space-between" }]}>
              <Text style={{ fontSize: 10 }}>Total</Text>
              <Text style={{ fontSize: 12 }}>{invoice.grandTotal}</Text>
            </View>
            <Text style={[s.muted, { fontSize: 7.8, textAlign: "right", marginTop: 4 }]}>
              {invoice.amountInWords}
            </Text>
          </View>
        </View>
        <View style={[s.row, { marginTop: 12 }]}>
          <View style={{ width: 200, marginRight: 10, fontSize: 7.8 }}>
            <Text style={s.label}>NOTES</Text>
            <Text>{invoice.notes}</Text>
            <Text style={[s.label, { marginTop: 4 }]}>TERMS</Text>
            <Text>{invoice.terms}</Text>
          </View>
          <View style={{ width: 190, fontSize: 7.8 }}>
            <Text style={s.label}>BANK DETAILS</Text>
            {invoice.bank.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            <Text>UPI: {invoice.upiId}</Text>
          </View>
          <View style={{ width: 96, alignItems: "center" }}>
            <Image src={assets.upiQrPng} style={{ width: 96, height: 96 }} />
            <Text style={[s.muted, { fontSize: 6.5 }]}>Scan to pay with UPI</Text>
          </View>
        </View>
        <View style={{ alignSelf: "flex-end", width: 150, marginTop: 16 }}>
          <Text style={{ textAlign: "right", fontSize: 7.8 }}>For {invoice.company.name}</Text>
          <View style={{ height: 24, borderBottomWidth: 0.5, borderBottomColor: "#888888" }} />
          <Text style={[s.muted, { textAlign: "right", fontSize: 7.5, marginTop: 2 }]}>
            Authorised signatory
          </Text>
        </View>
      </Page>
    </Document>
  );
}

/** The benchmark's invoice as a react-pdf document: a stand-in for a product template, not one. */
export function renderInvoiceReactPdf(
  invoice: InvoiceView,
  assets: InvoiceAssets,
  family: FontFamily,
): Promise<Buffer> {
  const fontFamily = registerReactPdfFonts(family);
  return renderToBuffer(<InvoiceDocument invoice={invoice} assets={assets} fontFamily={fontFamily} />);
}
