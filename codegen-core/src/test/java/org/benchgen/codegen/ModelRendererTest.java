package org.benchgen.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.benchgen.codegen.output.OutputModel;
import org.junit.jupiter.api.Test;

/** With the templates of src/test/resources/org/benchgen/codegen/renderer-test.stg. */
class ModelRendererTest {
  record Greeting(String name, List<OutputModel> items) implements OutputModel {}

  record Item(int n) implements OutputModel {}

  record NoTemplate(int n) implements OutputModel {}

  record NoSuchProperty(String text) implements OutputModel {}

  private final ModelRenderer renderer = new ModelRenderer(ModelRendererTest.class,
      "renderer-test.stg");

  @Test
  void aRecordIsRenderedByTheTemplateOfItsNameAndItsModelsFirst() {
    assertEquals("Hello world: #1, #2.", renderer.render(new Greeting("world",
        List.of(new Item(1), new Item(2)))));
  }

  @Test
  void aNamedTemplateTakesTheRecordsComponents() {
    assertEquals("line 7", renderer.render("Line", new Item(7)));
  }

  @Test
  void aRecordWithoutATemplateThrows() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> renderer.render(new NoTemplate(1)));
    assertTrue(e.getMessage().endsWith("has no template NoTemplate"), e.getMessage());
  }

  @Test
  void anErrorWhileRenderingThrowsInsteadOfPrinting() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> renderer.render(new NoSuchProperty("x")));
    assertTrue(e.getMessage().contains(
        "no such property or can't access: java.lang.String.nothing"),
        e.getMessage());
  }

  @Test
  void aTemplateThatDoesNotCompileThrowsWhenTheGroupLoads() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new ModelRenderer(ModelRendererTest.class, "renderer-broken.stg"));
    assertTrue(e.getMessage().contains("renderer-broken.stg"), e.getMessage());
  }

  @Test
  void aMissingGroupThrows() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new ModelRenderer(ModelRendererTest.class, "none.stg"));
    assertEquals("template group none.stg missing beside org.benchgen.codegen.ModelRendererTest",
        e.getMessage());
  }
}
