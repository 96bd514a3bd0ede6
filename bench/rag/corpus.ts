/**
 * The RAG benchmark's corpus: the FAQ of "Toko Maju Elektronik", a fictional electronics shop,
 * written for this project. It ships in four formats (one part each): Markdown, PDF, DOCX and
 * XLSX. Each question below is a paraphrase a customer might write, with a phrase that only the
 * passage answering it contains.
 */
export interface Faq {
  question: string;
  answer: string;
}

export const PARTS: Record<'md' | 'pdf' | 'docx' | 'xlsx', Faq[]> = {
  md: [
    {
      question: 'What are your opening hours?',
      answer: 'Our stores open Monday to Saturday from 09.00 to 21.00 and Sunday from 10.00 to 18.00.',
    },
    {
      question: 'Where are your stores?',
      answer:
        'We have stores in Jakarta (Mall Kelapa Gading), Bandung (Jalan Dago 45) and Surabaya (Tunjungan Plaza).',
    },
    {
      question: 'Is parking available at the Bandung store?',
      answer: 'The Dago store has free parking for 20 cars behind the building.',
    },
    {
      question: 'How can I contact customer service?',
      answer: 'Call 1500-123 or write to cs@tokomaju.example between 08.00 and 20.00 every day.',
    },
    {
      question: 'Do you have a membership program?',
      answer: 'Maju Rewards members earn one point per Rp 10.000 spent; 100 points give a Rp 50.000 voucher.',
    },
    {
      question: 'Can I pick up an online order in a store?',
      answer:
        'Choose Click & Collect at checkout and collect the order at the store after the confirmation SMS, usually within 3 hours.',
    },
    {
      question: 'Do you sell refurbished phones?',
      answer: 'Certified refurbished phones are tested in 40 points and carry a six-month shop warranty.',
    },
    {
      question: 'Do you offer gift wrapping?',
      answer: 'Gift wrapping costs Rp 15.000 per item and includes a greeting card.',
    },
    {
      question: 'Can companies buy in bulk?',
      answer:
        'Corporate buyers ordering more than 20 units get a quotation from our B2B team within one working day.',
    },
    {
      question: 'Do you install air conditioners?',
      answer:
        'Air conditioner installation is free in Jabodetabek for split units up to 2 PK, including a 3 metre pipe.',
    },
  ],
  pdf: [
    {
      question: 'How long does delivery take?',
      answer: 'Delivery takes 1-2 working days within Jakarta and 3-7 working days to other islands.',
    },
    {
      question: 'How much is shipping?',
      answer: 'Shipping is free for orders above Rp 500.000; below that a flat fee of Rp 25.000 applies.',
    },
    {
      question: 'Can I track my package?',
      answer: 'A tracking number is sent by email and WhatsApp as soon as the courier picks up the parcel.',
    },
    {
      question: 'Which couriers do you use?',
      answer: 'We ship with JNE, SiCepat and our own Maju Express fleet for large appliances.',
    },
    {
      question: 'Do you deliver on Sundays?',
      answer: 'Maju Express delivers large appliances on Sundays in Jakarta only, by appointment.',
    },
    {
      question: 'Can I change my delivery address?',
      answer:
        'The address can be changed until the order is packed; reply to the confirmation message with the new address.',
    },
    {
      question: 'Do you ship abroad?',
      answer: 'International shipping is available to Singapore and Malaysia for small items under 5 kg.',
    },
    {
      question: 'What if my parcel arrives damaged?',
      answer: 'Film the unboxing and report damage within 48 hours; we send a replacement at no cost.',
    },
    {
      question: 'Is cash on delivery possible?',
      answer: 'Cash on delivery is accepted for orders up to Rp 3.000.000 in Java and Bali.',
    },
    {
      question: 'Can I schedule a delivery time?',
      answer: 'Large appliance deliveries can be booked in morning (09-12) or afternoon (13-17) slots.',
    },
  ],
  docx: [
    {
      question: 'What is the return policy?',
      answer: 'Unused products in their original box can be returned within 14 days for a full refund.',
    },
    {
      question: 'How long does a refund take?',
      answer: 'Refunds are paid back to the original payment method within 5 working days after inspection.',
    },
    {
      question: 'Can I exchange a product for another size or colour?',
      answer: 'Exchanges for another colour or model are free within 30 days if the item is unused.',
    },
    {
      question: 'What warranty do products have?',
      answer: 'Every new device has a one-year official manufacturer warranty; laptops have two years.',
    },
    {
      question: 'Where do I claim warranty service?',
      answer: 'Bring the device and the invoice to any store service desk; repairs take 7 to 14 days.',
    },
    {
      question: 'Do you sell extended warranty?',
      answer: 'Maju Care extends the warranty by two years for 8 percent of the product price.',
    },
    {
      question: 'Is screen damage covered?',
      answer: 'Accidental screen damage is not covered by the standard warranty, only by Maju Care Plus.',
    },
    {
      question: 'Can I return a product bought in a store online?',
      answer: 'Store purchases can be returned at any of our stores, not through the website.',
    },
    {
      question: 'Who pays return shipping?',
      answer: 'We pay return shipping when the product is faulty; otherwise the customer pays the courier.',
    },
    {
      question: 'Can I cancel an order?',
      answer: 'Orders can be cancelled free of charge before they are shipped, from the order page.',
    },
  ],
  xlsx: [
    {
      question: 'Which payment methods do you accept?',
      answer: 'We accept QRIS, virtual account transfer (BCA, BNI, BRI, Mandiri), credit cards and PayLater.',
    },
    {
      question: 'Do you offer installments?',
      answer:
        'Zero percent installments over 3, 6 or 12 months are available with BCA and Mandiri credit cards.',
    },
    {
      question: 'When does a virtual account expire?',
      answer: 'A virtual account number is valid for 24 hours; unpaid orders are cancelled automatically.',
    },
    {
      question: 'Can I get a tax invoice?',
      answer: 'A tax invoice (faktur pajak) is issued when you enter the company NPWP before paying.',
    },
    {
      question: 'Do you accept trade-ins?',
      answer: 'Trade in your old phone in store for a discount on a new one, valued on the spot.',
    },
    {
      question: 'Are prices the same online and in store?',
      answer: 'Online and store prices are the same, except for web-only flash sales on Fridays.',
    },
    {
      question: 'Do you price match?',
      answer: 'We match the price of authorised Indonesian retailers for the same item in stock.',
    },
    {
      question: 'How do I use a voucher?',
      answer: 'Enter the voucher code at checkout; one voucher per order, not combinable with flash sales.',
    },
    {
      question: 'Is my payment secure?',
      answer: 'Card payments use 3-D Secure and we never store full card numbers.',
    },
    {
      question: 'Why was my payment declined?',
      answer:
        'A declined payment is usually the card limit or a blocked online transaction; contact your bank.',
    },
  ],
};

/** Paraphrased questions and a phrase only the answering passage holds. */
export const QUESTIONS: { ask: string; expect: string }[] = [
  { ask: 'What time do your stores close on Sunday?', expect: 'Sunday from 10.00 to 18.00' },
  { ask: 'Which cities have a store?', expect: 'Mall Kelapa Gading' },
  { ask: 'Is there free parking in Bandung?', expect: 'free parking for 20 cars' },
  { ask: 'What number do I call for customer service?', expect: 'Call 1500-123' },
  { ask: 'How many points do members earn?', expect: 'Maju Rewards members' },
  { ask: 'Can I collect my online order at the store?', expect: 'Click & Collect' },
  { ask: 'Are refurbished phones covered by a warranty?', expect: 'Certified refurbished phones' },
  { ask: 'How much does gift wrapping cost?', expect: 'Gift wrapping costs' },
  { ask: 'We want to order 50 laptops for our company', expect: 'Corporate buyers' },
  { ask: 'Is AC installation included?', expect: 'Air conditioner installation is free' },
  {
    ask: 'How many days until my order is delivered to Sulawesi?',
    expect: '3-7 working days to other islands',
  },
  { ask: 'Is shipping free?', expect: 'Shipping is free for orders above' },
  { ask: 'Where is my tracking number?', expect: 'A tracking number is sent' },
  { ask: 'Which courier will ship my order?', expect: 'JNE, SiCepat' },
  { ask: 'Can you deliver my fridge on a Sunday?', expect: 'delivers large appliances on Sundays' },
  { ask: 'I need to change the address of my order', expect: 'The address can be changed' },
  { ask: 'Do you ship to Singapore?', expect: 'International shipping is available' },
  { ask: 'My parcel arrived damaged, what now?', expect: 'report damage within 48 hours' },
  { ask: 'Can I pay cash when the courier arrives?', expect: 'Cash on delivery is accepted' },
  { ask: 'Can I choose a morning delivery slot?', expect: 'morning (09-12)' },
  { ask: 'Can I return a product I do not want?', expect: 'returned within 14 days for a full refund' },
  { ask: 'When will I get my refund?', expect: 'Refunds are paid back' },
  { ask: 'Can I exchange it for a different colour?', expect: 'Exchanges for another colour' },
  { ask: 'How long is the warranty on a laptop?', expect: 'laptops have two years' },
  { ask: 'Where can I claim my warranty?', expect: 'store service desk' },
  { ask: 'Can I buy an extended warranty?', expect: 'Maju Care extends the warranty' },
  { ask: 'Is a cracked screen covered?', expect: 'Accidental screen damage' },
  { ask: 'I bought in a store, can I return it on the website?', expect: 'Store purchases can be returned' },
  { ask: 'Who pays the courier for a return?', expect: 'We pay return shipping' },
  { ask: 'How do I cancel my order?', expect: 'Orders can be cancelled free of charge' },
  { ask: 'Can I pay with QRIS?', expect: 'We accept QRIS' },
  { ask: 'Is there a 0% installment plan?', expect: 'Zero percent installments' },
  { ask: 'How long is a virtual account valid?', expect: 'virtual account number is valid for 24 hours' },
  { ask: 'I need a faktur pajak for my company', expect: 'tax invoice (faktur pajak)' },
  { ask: 'Can I trade in my old phone?', expect: 'Trade in your old phone' },
  { ask: 'Are online prices cheaper than in store?', expect: 'Online and store prices are the same' },
  { ask: 'Will you match a lower price from another retailer?', expect: 'We match the price' },
  { ask: 'How do I use my voucher code?', expect: 'Enter the voucher code at checkout' },
  { ask: 'Is it safe to pay by card?', expect: '3-D Secure' },
  { ask: 'Why was my card payment declined?', expect: 'A declined payment' },
];
